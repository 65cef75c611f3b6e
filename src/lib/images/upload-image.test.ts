import { describe, expect, it } from 'vitest';
import { ApiClientError } from '../api-client.ts';
import { uploadAnswer } from './upload-image.ts';

const stored = { id: 'cover-x', kind: 'cover', url: '/images/cover-x/640.webp', width: 640, height: 960, variants: [] };

describe('reading the answer to an image upload', () => {
  it('is the envelope data of a 201 or 200', () => {
    expect(uploadAnswer(201, 'Created', JSON.stringify({ success: true, data: stored }))).toEqual(stored);
    expect(uploadAnswer(200, 'OK', JSON.stringify({ success: true, data: stored }))).toEqual(stored);
  });

  it("raises the server's translated message and code for a refusal", () => {
    const body = JSON.stringify({ success: false, error: { code: 'PAYLOAD_TOO_LARGE', message: 'Das Bild ist zu groß: höchstens 4.5 MB.' } });
    const error = (() => {
      try {
        uploadAnswer(413, 'Payload Too Large', body);
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(ApiClientError);
    expect(error).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Das Bild ist zu groß: höchstens 4.5 MB.' });
  });

  it('falls back to the status text when the body is no envelope (a proxy, the platform)', () => {
    expect(() => uploadAnswer(502, 'Bad Gateway', '<html>oops</html>')).toThrow(expect.objectContaining({ status: 502, code: undefined, message: 'Bad Gateway' }));
  });
});
