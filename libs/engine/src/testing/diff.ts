/**
 * The first place two JSON values differ, as a path and the two values — so a failing privacy
 * check says *what* leaked, not just that the bytes differ.
 */
export interface FirstDifference {
  readonly path: string;
  readonly left: string;
  readonly right: string;
}

export function firstDifference(left: unknown, right: unknown, path = '$'): FirstDifference | null {
  if (Object.is(left, right)) return null;
  const bothObjects =
    left !== null && right !== null && typeof left === 'object' && typeof right === 'object';
  if (!bothObjects || Array.isArray(left) !== Array.isArray(right)) {
    return JSON.stringify(left) === JSON.stringify(right)
      ? null
      : { path, left: show(left), right: show(right) };
  }
  if (Array.isArray(left) && Array.isArray(right)) {
    if (left.length !== right.length) {
      return { path: `${path}.length`, left: String(left.length), right: String(right.length) };
    }
    for (let i = 0; i < left.length; i++) {
      const d = firstDifference(left[i], right[i], `${path}[${i}]`);
      if (d) return d;
    }
    return null;
  }
  const l = left as Record<string, unknown>;
  const r = right as Record<string, unknown>;
  const lKeys = Object.keys(l);
  const rKeys = Object.keys(r);
  if (lKeys.join('\u0000') !== rKeys.join('\u0000')) {
    return { path: `${path} (keys)`, left: show(lKeys), right: show(rKeys) };
  }
  for (const key of lKeys) {
    const d = firstDifference(l[key], r[key], `${path}.${key}`);
    if (d) return d;
  }
  return null;
}

function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
