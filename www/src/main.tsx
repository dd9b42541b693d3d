import { render } from 'preact';
import init from '../../pkg/tabletop_rules.js';
import { App } from './App';

const root = document.getElementById('app');
if (root) {
  try {
    await init();
    root.textContent = '';
    render(<App storage={localStorage} />, root);
  } catch (e) {
    root.textContent = `The rules engine could not be loaded: ${String(e)}`;
  }
}

// Offline: the service worker (built by vite.config.ts) caches the app and the WASM.
if ('serviceWorker' in navigator && import.meta.env.PROD) {
  navigator.serviceWorker.register(`${import.meta.env.BASE_URL}sw.js`).catch((e: unknown) => {
    console.warn('The service worker could not be registered:', e);
  });
}
