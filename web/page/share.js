// A game as a link: the rules (a built-in game's name, or the rules text), the options,
// the seed, the seats and the record of the moves, in the URL's fragment; the same
// text is kept in localStorage so that a page opened again goes on where it was.

const KEY = 'tabula-playground';

function toBase64(text) {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64(text) {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** The fragment for a game: `{spec, seats, record}`. */
export function encode({ spec, seats, record }) {
  const p = new URLSearchParams();
  p.set('g', spec.name);
  if (spec.text != null) p.set('t', toBase64(spec.text));
  if (spec.options.length) p.set('o', spec.options.join(','));
  p.set('s', spec.seed);
  const computer = Object.entries(seats).filter(([, level]) => level);
  if (computer.length) p.set('c', computer.map(([who, level]) => `${who}=${level}`).join(','));
  if (record) p.set('r', toBase64(record));
  return p.toString();
}

/** A game read from a fragment, or null when it names none (or cannot be read). */
export function decode(fragment) {
  const p = new URLSearchParams(fragment.replace(/^#/, ''));
  if (!p.get('g')) return null;
  try {
    const seats = {};
    for (const pair of (p.get('c') ?? '').split(',').filter(Boolean)) {
      const at = pair.indexOf('=');
      seats[pair.slice(0, at)] = pair.slice(at + 1);
    }
    return {
      spec: {
        name: p.get('g'),
        text: p.has('t') ? fromBase64(p.get('t')) : null,
        options: (p.get('o') ?? '').split(',').filter(Boolean),
        seed: p.get('s') ?? '1',
      },
      seats,
      record: p.has('r') ? fromBase64(p.get('r')) : null,
    };
  } catch {
    return null;
  }
}

export function remember(fragment) {
  try {
    localStorage.setItem(KEY, fragment);
  } catch {
    // A browser that keeps nothing (private mode): the link still holds the game.
  }
}

export function remembered() {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}
