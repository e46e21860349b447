/**
 * The `showIf` expressions of VIA definitions' custom menus: a control or a section is shown only while the expression
 * over other controls' values holds, as in `{id_qmk_rgb_matrix_effect} != 0 && {id_qmk_rgb_matrix_effect} < 5`.
 * References name a control by its value name (the first item of its `content`) and stand for its value as one
 * number; numbers are decimal or 0x hex; the operators are `== != < <= > >= && || !` and parentheses.
 *
 * An expression that cannot be read, or that names a value no control holds (or one the keyboard did not answer
 * for), shows what it guards: a definition's mistake hides nothing a person may need.
 */

type Token = { kind: 'ref'; name: string } | { kind: 'num'; value: number } | { kind: 'op'; op: string };

const OPERATORS = ['==', '!=', '<=', '>=', '&&', '||', '<', '>', '!', '(', ')'];

function tokens(text: string): Token[] | undefined {
  const out: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === '{') {
      const end = text.indexOf('}', i);
      if (end < 0) return undefined;
      out.push({ kind: 'ref', name: text.slice(i + 1, end).trim() });
      i = end + 1;
      continue;
    }
    const number = /^(0x[0-9a-f]+|\d+)/i.exec(text.slice(i));
    if (number) {
      out.push({ kind: 'num', value: Number(number[0]) });
      i += number[0].length;
      continue;
    }
    const op = OPERATORS.find((o) => text.startsWith(o, i));
    if (!op) return undefined;
    out.push({ kind: 'op', op });
    i += op.length;
  }
  return out;
}

class Unknown extends Error {}

/** Evaluates `expression` with `values` (value name → number); true when it holds or cannot be judged. */
export function showIf(expression: string | undefined, values: ReadonlyMap<string, number>): boolean {
  if (expression === undefined || expression.trim() === '') return true;
  const list = tokens(expression);
  if (!list) return true;
  let at = 0;
  const peek = (): Token | undefined => list[at];
  const isOp = (op: string): boolean => {
    const t = peek();
    return t?.kind === 'op' && t.op === op;
  };
  // Precedence, loosest first: ||, &&, comparison, unary !, primary.
  const or = (): number => {
    let v = and();
    while (isOp('||')) {
      at++;
      const r = and();
      v = v || r ? 1 : 0;
    }
    return v;
  };
  const and = (): number => {
    let v = comparison();
    while (isOp('&&')) {
      at++;
      const r = comparison();
      v = v && r ? 1 : 0;
    }
    return v;
  };
  const comparison = (): number => {
    const left = unary();
    const t = peek();
    if (t?.kind !== 'op' || !['==', '!=', '<', '<=', '>', '>='].includes(t.op)) return left;
    at++;
    const right = unary();
    switch (t.op) {
      case '==':
        return left === right ? 1 : 0;
      case '!=':
        return left !== right ? 1 : 0;
      case '<':
        return left < right ? 1 : 0;
      case '<=':
        return left <= right ? 1 : 0;
      case '>':
        return left > right ? 1 : 0;
      default:
        return left >= right ? 1 : 0;
    }
  };
  const unary = (): number => {
    if (isOp('!')) {
      at++;
      return unary() ? 0 : 1;
    }
    return primary();
  };
  const primary = (): number => {
    const t = list[at++];
    if (!t) throw new SyntaxError('the expression ends early');
    if (t.kind === 'num') return t.value;
    if (t.kind === 'ref') {
      const v = values.get(t.name);
      if (v === undefined) throw new Unknown(t.name);
      return v;
    }
    if (t.op === '(') {
      const v = or();
      if (!isOp(')')) throw new SyntaxError('a parenthesis is not closed');
      at++;
      return v;
    }
    throw new SyntaxError(`unexpected ${t.op}`);
  };
  try {
    const v = or();
    if (at !== list.length) return true;
    return v !== 0;
  } catch {
    return true;
  }
}
