import { describe, expect, it } from 'vitest';
import { cspTags } from './csp-sources';

describe('cspTags', () => {
  it('writes nothing without the variables', () => {
    expect(cspTags({})).toEqual([]);
  });

  it("names Sentry's and another API's origins, and the replay worker with Sentry", () => {
    const tags = cspTags({
      VITE_SENTRY_DSN: 'https://key@o1.ingest.sentry.io/42',
      VITE_API_URL: 'https://api.example.com/api/v1',
    });
    expect(tags).toEqual([
      {
        tag: 'meta',
        attrs: {
          name: 'joule-csp-connect-src',
          content: 'https://o1.ingest.sentry.io https://api.example.com',
        },
      },
      { tag: 'meta', attrs: { name: 'joule-csp-worker-src', content: 'blob:' } },
    ]);
  });

  it('leaves out a same-origin (relative) API URL', () => {
    expect(cspTags({ VITE_API_URL: '/api/v1' })).toEqual([]);
  });
});
