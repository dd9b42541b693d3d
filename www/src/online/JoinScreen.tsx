// A device that joins an online game: first the room's open seats (or watching), then the
// same game screen as at the table, for this device's seat only, drawn from what the host
// sends. A reload comes back to the same seat with the token this device kept.
import { useEffect, useState } from 'preact/hooks';
import type { Catalog, Content } from '../../../pkg/tabletop_rules.js';
import { BiddingRaceGame } from '../BiddingRaceGame';
import { HodGame } from '../hod/HodGame';
import { MagicRealmGame } from '../mr/MagicRealmGame';
import type { Names } from '../mr/names';
import type { SaveStore } from '../saves';
import { OnlinePanel } from './OnlinePanel';
import type { JoinSession } from './session';

export function JoinScreen({
  session,
  catalog,
  names,
  hodContent,
  store,
  onExit,
}: {
  session: JoinSession;
  catalog: Catalog;
  names: Names;
  hodContent: Content;
  store: SaveStore;
  onExit: () => void;
}) {
  const [, setVersion] = useState(0);
  useEffect(() => session.subscribe(() => setVersion((v) => v + 1)), [session]);
  const { state, lobby } = session;
  const title = lobby?.title ?? `Room ${session.room}`;
  // The tab's title says when this seat is to act (the page may be in the background).
  const toAct = state?.toAct as { type: string; seats?: number[] } | undefined;
  const mine = typeof session.seat === 'number' && (toAct?.seats ?? []).includes(session.seat);
  useEffect(() => {
    const before = document.title;
    if (mine) document.title = `Your turn · ${before}`;
    return () => {
      document.title = before;
    };
  }, [mine]);

  if (state && session.seat !== undefined && state.seat === session.seat) {
    if (state.game === 'magic-realm') {
      return (
        <MagicRealmGame
          game={session.game}
          online={session}
          catalog={catalog}
          names={names}
          store={store}
          saveId=""
          title={title}
          onExit={onExit}
        />
      );
    }
    if (state.game === 'hand-of-doom') {
      return (
        <HodGame
          game={session.game}
          online={session}
          content={hodContent}
          store={store}
          saveId=""
          title={title}
          onExit={onExit}
        />
      );
    }
    return <BiddingRaceGame game={session.game} online={session} onChange={() => {}} onExit={onExit} />;
  }

  const open = (lobby?.seats ?? []).filter((s) => s.where === 'remote' && !s.taken);
  return (
    <main class="start join">
      <h1>Join room {session.room}</h1>
      {lobby && <p>{lobby.title}</p>}
      <OnlinePanel status={session.status()} onSay={(t) => session.say(t)} />
      {lobby && (
        <fieldset aria-label="Seats">
          <legend>Choose a seat</legend>
          {open.length === 0 && <p class="muted">No seat is open: you can watch.</p>}
          {open.map((s) => (
            <button key={s.seat} type="button" class="primary" onClick={() => session.take(s.seat)}>
              Take {s.label}
            </button>
          ))}
          <button type="button" onClick={() => session.take(null)}>
            Watch
          </button>
        </fieldset>
      )}
      <p>
        <button type="button" onClick={onExit}>
          Leave
        </button>
      </p>
    </main>
  );
}
