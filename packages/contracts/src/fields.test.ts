import { describe, expect, it } from 'vitest';
import { isPlainText, optionalText, patternText, requiredText } from './fields.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('text fields', () => {
  it.each(['\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\n', '\t'])(
    'refuse %j in a one-line field, before any other check',
    (control) => {
      expect(firstMessage(requiredText('Name', 100).safeParse(`Jane${control}Doe`))).toBe(
        'Name must not contain control characters',
      );
      expect(firstMessage(patternText('Code', 8, /^\d+$/).safeParse(`12${control}3`))).toBe(
        'Code must not contain control characters',
      );
      expect(firstMessage(optionalText('action', 100).safeParse(`a${control}b`))).toBe(
        'action must not contain control characters',
      );
    },
  );

  it.each([
    '\u202a',
    '\u202b',
    '\u202c',
    '\u202d',
    '\u202e',
    '\u2066',
    '\u2067',
    '\u2068',
    '\u2069',
    '\u200e',
    '\u200f',
    '\u061c',
  ])('refuse the direction control %j in every kind of text field, by name', (control) => {
    const message = (label: string) =>
      `${label} must not contain invisible text-direction characters`;
    expect(firstMessage(requiredText('Subject', 120).safeParse(`Refund ${control}dlrow`))).toBe(
      message('Subject'),
    );
    const multiline = requiredText('Message', 5000, 1, { multiline: true });
    expect(firstMessage(multiline.safeParse(`Line one\nLine ${control}two`))).toBe(
      message('Message'),
    );
    expect(firstMessage(optionalText('Name', 100).safeParse(`${control}Jane`))).toBe(
      message('Name'),
    );
  });

  it('keep right-to-left text, which needs no direction control to be shown', () => {
    expect(requiredText('Name', 100).parse('مريم الحسن')).toBe('مريم الحسن');
    expect(requiredText('Name', 100).parse('דנה כהן')).toBe('דנה כהן');
  });

  it('keep tab and line breaks in a multi-line field, never NUL', () => {
    const reason = requiredText('Reason', 500, 1, { multiline: true });
    expect(reason.parse('  One\r\n\tTwo  ')).toBe('One\r\n\tTwo');
    expect(firstMessage(reason.safeParse('One\u0000Two'))).toBe(
      'Reason must not contain control characters',
    );
  });

  it('accept any other text, trimmed, and surrounding whitespace is not a control character', () => {
    expect(requiredText('Name', 100).parse('  Zoë Ångström – 李小龍 🙂\n')).toBe(
      'Zoë Ångström – 李小龍 🙂',
    );
    expect(optionalText('action', 100).parse(undefined)).toBeUndefined();
    expect(isPlainText('plain')).toBe(true);
  });
});
