import { notifications } from '@mantine/notifications';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockAgencyServer } from '@/test-utils/fixtures';
import { render, screen, waitFor } from '@/test-utils/render';
import { PICTURE_NOT_ADDED } from './pictures';
import { RichTextField } from './RichTextField';

/** The field with the server answering the picture upload as `answer` says; records what reaches the form. */
function field(answer: () => Response) {
  const server = mockAgencyServer({
    handle: (request, url) => (url.pathname === '/api/uploads/sop-image' && request.method === 'POST' ? answer() : undefined),
  });
  vi.stubGlobal('fetch', vi.fn(server.fetch));
  const onChange = vi.fn<(html: string) => void>();
  render(<RichTextField label="Content" value="<p>Route map below.</p>" onChange={onChange} />);
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (input === null) throw new Error('no file input');
  return { server, onChange, input, uploads: () => server.requests.filter((r) => r.url === '/api/uploads/sop-image') };
}

const png = (name: string, size = 64) => new File([new Uint8Array(size)], name, { type: 'image/png' });

describe("the editor's 'Upload image'", () => {
  beforeEach(() => {
    // jsdom has no object URLs; the editor shows the picture from one while it uploads.
    URL.createObjectURL = vi.fn(() => 'blob:picture');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('uploads the picture and puts it in the content, its file name as its description', async () => {
    const { onChange, input, uploads } = field(() => json({ url: '/media/sops/bcso/abc.png' }));
    expect(screen.getByRole('button', { name: 'Upload image' }).hasAttribute('disabled')).toBe(false);
    expect(input.accept).toBe('image/png,image/jpeg,image/webp');
    await userEvent.upload(input, png('patrol-map.png'));
    // Faded from a local copy while it uploads, then from the agency's media (where the caret
    // was: here the start).
    await waitFor(() => {
      expect(onChange).toHaveBeenLastCalledWith(expect.stringContaining('<img src="/media/sops/bcso/abc.png" alt="patrol map">'));
    });
    expect(onChange).toHaveBeenCalledWith(expect.stringContaining('<img src="blob:picture" data-uploading="">'));
    expect(onChange.mock.lastCall?.[0]).toContain('<p>Route map below.</p>');
    const body = uploads()[0]?.body;
    expect(body).toBeInstanceOf(FormData);
    expect((body as FormData).get('file')).toBeInstanceOf(File);
  });

  it("says why a picture was not added: too large before sending, or the server's sentence", async () => {
    const show = vi.spyOn(notifications, 'show');
    const { input, uploads } = field(() => json({ error: 'Only PNG, JPEG or WebP images are allowed' }, 415));
    await userEvent.upload(input, png('huge.png', 2 * 1024 * 1024 + 1));
    await waitFor(() => {
      expect(show).toHaveBeenLastCalledWith(expect.objectContaining({ title: PICTURE_NOT_ADDED, message: 'File too large (max 2MB)' }));
    });
    expect(uploads()).toHaveLength(0);

    await userEvent.upload(input, png('fake.png'));
    await waitFor(() => {
      expect(show).toHaveBeenLastCalledWith(
        expect.objectContaining({ title: PICTURE_NOT_ADDED, message: 'Only PNG, JPEG or WebP images are allowed' }),
      );
    });
    expect(uploads()).toHaveLength(1);
  });
});
