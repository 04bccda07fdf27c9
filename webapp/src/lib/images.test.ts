import { describe, expect, it } from 'vitest';
import { imageProblem } from './images';

describe('imageProblem', () => {
  it('accepts PNG, JPEG and WebP up to 2 MB', () => {
    expect(imageProblem({ type: 'image/png', size: 10 })).toBeNull();
    expect(imageProblem({ type: 'image/webp', size: 2 * 1024 * 1024 })).toBeNull();
    expect(imageProblem({ type: 'image/gif', size: 10 })).toBe('Only PNG, JPEG or WebP images are allowed');
    expect(imageProblem({ type: 'image/jpeg', size: 2 * 1024 * 1024 + 1 })).toBe('File too large (max 2MB)');
  });
});
