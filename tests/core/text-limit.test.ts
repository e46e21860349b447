import { TEXT_BYTE_LIMIT, limitText, stripTags, truncateUtf8, utf8ByteLength } from '../../src/core/text-limit.ts';

describe('stripTags', () => {
  it.each([
    ['<b>Game</b>', 'Game'],
    ['a<br/>b', 'ab'],
    ['<img src=x onerror=alert(1)>name', 'name'],
    ['<<b>script>x', 'x'],
    ['keep<!-- note -->this', 'keepthis'],
    ['1 < 2 > 0', '1 < 2 > 0'],
    ['a <3 b', 'a <3 b'],
    ['plain', 'plain'],
  ])('%j becomes %j', (input, output) => {
    expect(stripTags(input)).toBe(output);
  });
});

describe('utf8ByteLength', () => {
  it.each([
    ['', 0],
    ['abc', 3],
    ['é', 2],
    ['中', 3],
    ['😀', 4],
    ['\ud800', 3],
  ])('%j is %i bytes', (text, bytes) => {
    expect(utf8ByteLength(text)).toBe(bytes);
  });

  it('agrees with the platform encoder on well-formed text', () => {
    const sample = 'Keytune 主题 😀 é';
    expect(utf8ByteLength(sample)).toBe(new TextEncoder().encode(sample).length);
  });
});

describe('limitText style 1', () => {
  it('strips tags and leaves length and spaces alone', () => {
    expect(limitText('  <i>a very long name that is not cut</i>  ', 1)).toBe('  a very long name that is not cut  ');
  });
});

describe('limitText style 2', () => {
  it.each([
    ['  Typing  ', '  Typing  '],
    ['Game ', 'Game '],
    ['abcdefghijklmnop ', 'abcdefghijklmnop'],
    ['  abcdefghijklmnop', '  abcdefghijklmn'],
    ['<b>E-sports</b>', 'E-sports'],
    ['abcdefghijklmnop', 'abcdefghijklmnop'],
    ['abcdefghijklmnopq', 'abcdefghijklmnop'],
    ['中文主题名称很长的', '中文主题名'],
    ['ab中文主题名称', 'ab中文主题'],
    ['a中文主题名称', 'a中文主题名'],
    ['😀😀😀😀😀', '😀😀😀😀'],
    ['abcdefghijklmno😀', 'abcdefghijklmno'],
  ])('%j becomes %j', (input, output) => {
    const limited = limitText(input, 2);
    expect(limited).toBe(output);
    expect(utf8ByteLength(limited)).toBeLessThanOrEqual(TEXT_BYTE_LIMIT);
  });

  it('never leaves half of a surrogate pair', () => {
    for (let pad = 0; pad < 8; pad++) {
      const out = limitText(`${'x'.repeat(pad)}${'😀'.repeat(6)}`, 2);
      expect(out).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
      expect(utf8ByteLength(out)).toBeLessThanOrEqual(16);
    }
  });

  it('keeps spaces within 16 bytes and drops characters from the end only while over them', () => {
    expect(limitText(' ', 2)).toBe(' ');
    expect(limitText('        abcdefghijklmnop', 2)).toBe('        abcdefgh');
    expect(limitText('中文主题 ', 2)).toBe('中文主题 ');
    expect(limitText('中文主题名 ', 2)).toBe('中文主题名 ');
    expect(limitText('中文主题名 称', 2)).toBe('中文主题名 ');
  });
});

describe('truncateUtf8', () => {
  it('takes a custom limit', () => {
    expect(truncateUtf8('abcdef', 4)).toBe('abcd');
    expect(truncateUtf8('中中', 5)).toBe('中');
  });
});
