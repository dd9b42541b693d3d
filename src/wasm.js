// The JavaScript half of the bridge in src/wasm.rs. wasm-bindgen copies this module into the
// package (snippets/) and its glue imports it; scripts/build-pkg.sh re-exports `RuleError`.
//
// Every structured argument crosses as JSON text made here, before the engine reads it: the
// walk below runs the caller's getters and Proxy traps, so whatever they throw, and every
// cycle, depth, size or value JSON cannot carry, becomes a reason the engine refuses with
// `bad_input` (or the entry point's own code) instead of an exception through WebAssembly.

/** How much one argument may hold (documented in README.md, "Limits"). */
export const LIMITS = Object.freeze({
  /** Arrays and objects nested inside one another. */
  depth: 64,
  /** Values (arrays, objects, strings, numbers...) in the whole argument. */
  values: 2_000_000,
  /** Elements of one array, keys of one object. */
  items: 200_000,
  /** Characters of the JSON text of the whole argument. */
  chars: 32 * 1024 * 1024,
});

/**
 * The error every refused call throws: `code` is stable and machine-readable, `message` is
 * English for a person, `info` is the whole error as a discriminated union on `code`.
 */
export class RuleError extends Error {
  /** @param {{code: string, message: string}} info */
  constructor(info) {
    super(info.message);
    this.code = info.code;
    this.info = info;
  }

  /** `{code, message, info}`, so `JSON.stringify` of an error keeps what it says. */
  toJSON() {
    return { code: this.code, message: this.message, info: this.info };
  }

  /** `RuleError [code]: message`. */
  toString() {
    return `RuleError [${this.code}]: ${this.message}`;
  }
}
Object.defineProperty(RuleError.prototype, 'name', { value: 'RuleError', writable: true, configurable: true });

/** A RuleError from the engine's error (called from Rust; `info` is its whole value). */
export function ruleError(code, message, info) {
  return new RuleError(info && typeof info === 'object' ? info : { code, message });
}

class Refused {
  constructor(reason) {
    this.reason = reason;
  }
}

/** Why `e`, thrown while the argument was read, stops the walk (never throws itself). */
function described(e) {
  try {
    if (e instanceof Refused) return e.reason;
    const text = e instanceof Error ? `${e.name}: ${e.message}` : typeof e === 'string' ? e : typeof e;
    if (e instanceof RangeError) return `it is too deep or too large to read (${text})`;
    return `reading it threw ${String(text).slice(0, 200)}`;
  } catch {
    return 'reading it threw an exception';
  }
}

/**
 * `value` as JSON text, or throws a string saying why it cannot be. Like `JSON.stringify`
 * (object properties that are `undefined` are left out, `undefined` in an array is `null`),
 * but refuses what `JSON.stringify` would silently change or hang on: cycles, values deeper
 * or larger than LIMITS, numbers that are not finite, and functions, symbols and bigints.
 * `undefined` itself becomes `null`.
 */
export function toJson(value) {
  const parts = [];
  let values = 0;
  let chars = 0;
  const open = new Set();
  const push = (text) => {
    chars += text.length;
    if (chars > LIMITS.chars) throw new Refused(`its JSON text is longer than ${LIMITS.chars} characters`);
    parts.push(text);
  };
  const walk = (v, depth) => {
    values += 1;
    if (values > LIMITS.values) throw new Refused(`it holds more than ${LIMITS.values} values`);
    switch (typeof v) {
      case 'undefined':
        push('null');
        return;
      case 'boolean':
        push(v ? 'true' : 'false');
        return;
      case 'number':
        if (!Number.isFinite(v)) throw new Refused(`${v} is not a finite number`);
        push(JSON.stringify(v));
        return;
      case 'string':
        push(JSON.stringify(v));
        return;
      case 'bigint':
        throw new Refused('a BigInt is not allowed (numbers are JavaScript numbers; seeds are decimal strings)');
      case 'symbol':
        throw new Refused('a Symbol is not allowed');
      case 'function':
        throw new Refused('a function is not allowed');
    }
    if (v === null) {
      push('null');
      return;
    }
    if (depth >= LIMITS.depth) throw new Refused(`it is nested more than ${LIMITS.depth} levels deep`);
    if (open.has(v)) throw new Refused('it contains a cycle (a value inside itself)');
    open.add(v);
    if (Array.isArray(v)) {
      const length = v.length;
      if (!(length <= LIMITS.items)) throw new Refused(`an array of ${length} elements is longer than ${LIMITS.items}`);
      push('[');
      for (let i = 0; i < length; i++) {
        if (i > 0) push(',');
        walk(v[i], depth + 1);
      }
      push(']');
    } else {
      const keys = Object.keys(v);
      if (keys.length > LIMITS.items)
        throw new Refused(`an object of ${keys.length} keys has more than ${LIMITS.items}`);
      push('{');
      let first = true;
      for (const key of keys) {
        const item = v[key];
        if (item === undefined) continue;
        if (!first) push(',');
        first = false;
        push(JSON.stringify(key));
        push(':');
        walk(item, depth + 1);
      }
      push('}');
    }
    open.delete(v);
  };
  try {
    walk(value, 0);
    return parts.join('');
  } catch (e) {
    throw described(e);
  }
}

/**
 * Called by the panic hook (an engine bug): throws an Error naming the fault. WebAssembly
 * cannot unwind, so the call's frames are abandoned; the game objects stay as they were
 * before the call (see src/wasm.rs).
 */
export function panicked(message) {
  throw new Error(message);
}

/** A deep copy of a plain value (a cached result handed out so no caller can change it). */
export function copyOf(value) {
  return structuredClone(value);
}
