import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/test-utils/fixtures';
import { render, screen, waitFor } from '@/test-utils/render';
import { CatalogueImageField } from './CatalogueImageField';

function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return <CatalogueImageField value={value} onChange={setValue} />;
}

const input = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Image URL' });
const png = (size = 10) => new File([new Uint8Array(size)], 'car.png', { type: 'image/png' });

describe('CatalogueImageField', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('takes a typed link and previews it', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.getByText('No image')).toBeTruthy();
    await user.type(input(), 'https://example.com/car.png');
    expect(input().value).toBe('https://example.com/car.png');
    expect(screen.getByRole('img', { name: 'Image URL preview' }).getAttribute('src')).toBe('https://example.com/car.png');
  });

  it('uploads a picked file and fills in its URL', async () => {
    const user = userEvent.setup();
    const fetch = vi.fn((url: string, init?: RequestInit) => {
      expect(url.startsWith('/api/uploads/catalogue-image')).toBe(true);
      expect(init?.method).toBe('POST');
      expect((init?.body as FormData).get('file')).toBeInstanceOf(File);
      return Promise.resolve(json({ url: '/media/catalogues/rawlife/abc.png' }));
    });
    vi.stubGlobal('fetch', fetch);
    render(<Harness />);
    await user.upload(screen.getByLabelText('Image URL file'), png());
    await waitFor(() => {
      expect(input().value).toBe('/media/catalogues/rawlife/abc.png');
    });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("shows the server's refusal", async () => {
    const user = userEvent.setup();
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(json({ error: 'Only PNG, JPEG or WebP images are allowed' }, 400))));
    render(<Harness initial="https://example.com/old.png" />);
    await user.upload(screen.getByLabelText('Image URL file'), png());
    expect(await screen.findByText('Only PNG, JPEG or WebP images are allowed')).toBeTruthy();
    expect(input().value).toBe('https://example.com/old.png');
  });

  it("shows 'HTTP {status}' without a server text, and refuses too large files before sending", async () => {
    const user = userEvent.setup();
    const fetch = vi.fn(() => Promise.resolve(new Response('nope', { status: 502 })));
    vi.stubGlobal('fetch', fetch);
    render(<Harness />);
    await user.upload(screen.getByLabelText('Image URL file'), png());
    expect(await screen.findByText('HTTP 502')).toBeTruthy();
    await user.upload(screen.getByLabelText('Image URL file'), png(2 * 1024 * 1024 + 1));
    expect(await screen.findByText('File too large (max 2MB)')).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
