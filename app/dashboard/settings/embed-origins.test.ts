import { describe, expect, it } from 'vitest';
import { originsOrProblem } from './embed-origins';

describe('the settings page: sites allowed to embed', () => {
  it('takes one origin a line, skipping blank lines and keeping repeats once', () => {
    expect(originsOrProblem('  https://App.example.com/ \n\nhttp://localhost:3000\nhttps://app.example.com')).toEqual({
      origins: ['https://app.example.com', 'http://localhost:3000'],
      problem: null,
    });
    expect(originsOrProblem('')).toEqual({ origins: [], problem: null });
  });

  it('names the line that is wrong, in words', () => {
    const wrong = originsOrProblem('https://ok.example.com\n\nhttp://app.example.com');
    expect(wrong.problem).toBe('Sites allowed to embed, line 3 (http://app.example.com): use an address like https://app.example.com, without a path (http only for localhost).');
    expect(originsOrProblem('https://app.example.com/account').problem).toMatch(/line 1 .*without a path/);
    expect(originsOrProblem(`https://${'a'.repeat(300)}.com`).problem).toMatch(/line 1 \(https:\/\/a+…\)/);
  });

  it('refuses more than ten', () => {
    const many = Array.from({ length: 11 }, (_, i) => `https://s${i}.example.com`).join('\n');
    expect(originsOrProblem(many).problem).toBe('Sites allowed to embed: at most 10 addresses (you gave 11).');
  });
});
