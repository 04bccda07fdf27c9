/**
 * The rich text of SOPs and presentations (issue 28): one set of Tiptap extensions for the
 * editor and the reader, so both show the same document. Links and pictures keep only what
 * the server's allow-list keeps (`server/src/features/sops/content.rs`).
 */

import { getUploadImageExtension, Link } from '@mantine/tiptap';
import { Image } from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import { StarterKit } from '@tiptap/starter-kit';
import { pictureRefused, uploadPicture } from './pictures';

const shared = [
  Link.configure({ openOnClick: false, HTMLAttributes: { target: null, rel: 'noopener noreferrer' } }),
  TableKit.configure({ table: { resizable: false } }),
];

/**
 * The editor's: an empty paragraph stays after a last heading or table, to type after it; a
 * picture picked with the toolbar's "Upload image", dropped or pasted is uploaded to the
 * agency's media (Mantine's upload extension shows it faded until it is stored).
 */
export const richTextExtensions = [
  StarterKit.configure({ link: false }),
  ...shared,
  getUploadImageExtension(Image, { onImageUpload: uploadPicture, onImageUploadError: pictureRefused }),
];

/** The reader's: the document as it is, without that trailing paragraph. */
export const readerExtensions = [StarterKit.configure({ link: false, trailingNode: false }), ...shared, Image];
