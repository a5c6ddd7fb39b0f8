import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { embedSource, heightOf, HEIGHT_MESSAGE, RefcountReferrals } from './index';
import { HEIGHT_MESSAGE as PAGE_MESSAGE } from '../../../app/embed/referrals/embed-client';

// @refcount/react-embed: the frame's URL, the one message shape it accepts, and server rendering.
describe('@refcount/react-embed', () => {
  it('frames {baseUrl}/embed/referrals with the token, and trusts only that origin', () => {
    expect(embedSource('refe_a.b+c', 'https://refs.example.com/some/path')).toEqual({
      src: 'https://refs.example.com/embed/referrals?token=refe_a.b%2Bc',
      origin: 'https://refs.example.com',
    });
  });

  it("accepts only the page's height message, bounded", () => {
    expect(PAGE_MESSAGE).toBe(HEIGHT_MESSAGE);
    expect(heightOf({ type: HEIGHT_MESSAGE, height: 412.2 })).toBe(413);
    expect(heightOf({ type: HEIGHT_MESSAGE, height: 1e9 })).toBe(100_000);
    expect(heightOf({ type: HEIGHT_MESSAGE, height: -5 })).toBe(0);
    for (const bad of [null, 'x', { type: 'other', height: 10 }, { type: HEIGHT_MESSAGE, height: '10' }, { type: HEIGHT_MESSAGE, height: NaN }]) expect(heightOf(bad)).toBeNull();
  });

  it('renders nothing on the server (no window): the frame appears in the browser', () => {
    expect(renderToStaticMarkup(createElement(RefcountReferrals, { token: 'refe_x', baseUrl: 'https://refs.example.com' }))).toBe('');
  });
});
