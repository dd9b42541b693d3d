// What an online game adds to a game screen: the room code, join link and QR code (at the
// host), who is connected and who is to act (with who is still deciding in a simultaneous
// step), the errors the host sent back, and a short chat with quick messages.

import { useMemo, useState } from 'preact/hooks';
import qrcode from 'qrcode-generator';
import { MAX_CHAT, QUICK_MESSAGES } from './protocol';
import type { OnlineStatus } from './session';

const NET: Record<OnlineStatus['net'], string> = {
  connecting: 'connecting to the signaling server…',
  open: 'online',
  lost: 'connection lost, reconnecting…',
  failed: 'offline',
};

/** A QR code of a link, as an image. */
export function QrCode({ text }: { text: string }) {
  const src = useMemo(() => {
    const qr = qrcode(0, 'M');
    qr.addData(text);
    qr.make();
    return qr.createDataURL(4, 8);
  }, [text]);
  return <img class="qr" src={src} alt="QR code of the join link" width={160} height={160} />;
}

export function OnlinePanel({ status, onSay }: { status: OnlineStatus; onSay: (text: string) => void }) {
  const [text, setText] = useState('');
  const [qr, setQr] = useState(false);
  const deciding = status.seats.filter((s) => s.toAct);
  return (
    <section class="online" aria-label="Online">
      <p class="online-net" data-net={status.net}>
        {status.room ? (
          <>
            Room <strong id="room-code">{status.room}</strong> ·{' '}
          </>
        ) : null}
        {NET[status.net]}
        {status.detail && status.net !== 'open' ? ` (${status.detail})` : ''}
      </p>
      {status.link && (
        <details class="join-link" open={qr} onToggle={(e) => setQr(e.currentTarget.open)}>
          <summary>Join link and QR code</summary>
          <input readOnly value={status.link} aria-label="Join link" onFocus={(e) => e.currentTarget.select()} />
          {qr && <QrCode text={status.link} />}
        </details>
      )}
      {status.error && (
        <p class="error" role="alert" data-code={status.error.code} data-rule={status.error.rule}>
          {status.error.message}
        </p>
      )}
      <ul class="presence" aria-label="Players">
        {status.seats.map((s) => (
          <li key={s.seat} data-seat={s.seat} data-connected={String(s.connected)} data-to-act={String(s.toAct)}>
            <span class={`dot ${s.connected ? 'on' : 'off'}`} aria-hidden="true" /> {s.label}
            {status.me === s.seat ? ' (you)' : ''} ·{' '}
            {s.where === 'host'
              ? "at the host's device"
              : !s.taken
                ? 'open seat'
                : s.connected
                  ? 'connected'
                  : 'not connected'}
            {s.toAct ? ' · to act' : ''}
          </li>
        ))}
        {status.spectators > 0 && <li>{status.spectators} watching</li>}
      </ul>
      {deciding.length > 1 && <p id="still-deciding">Still deciding: {deciding.map((s) => s.label).join(', ')}</p>}
      <ol class="chat-lines" aria-label="Chat" aria-live="polite">
        {status.chat.slice(-8).map((c, i) => (
          <li key={i}>
            <strong>{c.from}:</strong> {c.text}
          </li>
        ))}
      </ol>
      <details class="chat">
        <summary>Say something</summary>
        <div class="quick">
          {QUICK_MESSAGES.map((q) => (
            <button key={q} type="button" onClick={() => onSay(q)}>
              {q}
            </button>
          ))}
        </div>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (text.trim()) onSay(text.trim());
            setText('');
          }}
        >
          <input
            aria-label="Chat message"
            maxLength={MAX_CHAT}
            value={text}
            onInput={(e) => setText(e.currentTarget.value)}
            placeholder="Say something"
          />
          <button type="submit">Send</button>
        </form>
      </details>
    </section>
  );
}
