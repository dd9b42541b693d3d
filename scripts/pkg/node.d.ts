// The Node entry has the browser entry's API; its engine is ready on import.
export * from './tabletop_rules.js';
export { default } from './tabletop_rules.js';
