import { render } from 'preact';
import init from '../../pkg/tabletop_rules.js';
import { App } from './App';

const root = document.getElementById('app');
if (root) {
  try {
    await init();
    root.textContent = '';
    render(<App />, root);
  } catch (e) {
    root.textContent = `The rules engine could not be loaded: ${String(e)}`;
  }
}
