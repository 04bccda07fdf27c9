/**
 * The rich text of SOPs and presentations (issue 28): one set of Tiptap extensions for the
 * editor and the reader, so both show the same document. Links and pictures keep only what
 * the server's allow-list keeps (`server/src/features/sops/content.rs`).
 */

import { getUploadImageExtension, Link } from '@mantine/tiptap';
import { Collaboration } from '@tiptap/extension-collaboration';
import { CollaborationCaret } from '@tiptap/extension-collaboration-caret';
import { Image } from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import { StarterKit } from '@tiptap/starter-kit';
import type { WebsocketProvider } from 'y-websocket';
import type { Doc } from 'yjs';
import { pictureRefused, uploadPicture } from './pictures';

const shared = [
  Link.configure({ openOnClick: false, HTMLAttributes: { target: null, rel: 'noopener noreferrer' } }),
  TableKit.configure({ table: { resizable: false } }),
];

/**
 * Pictures in the editors: one picked with the toolbar's "Upload image", dropped or pasted is
 * uploaded to the agency's media (Mantine's upload extension shows it faded until it is stored).
 */
// Mantine types the extension it makes as `any`: it is Tiptap's Image, extended.
const uploadingImage = getUploadImageExtension(Image, { onImageUpload: uploadPicture, onImageUploadError: pictureRefused }) as typeof Image;

/**
 * The editor's: an empty paragraph stays after a last heading or table, to type after it.
 */
export const richTextExtensions = [StarterKit.configure({ link: false }), ...shared, uploadingImage];

/** The reader's: the document as it is, without that trailing paragraph. */
export const readerExtensions = [StarterKit.configure({ link: false, trailingNode: false }), ...shared, Image];

/** An editor's name and caret colour, as the others see them. */
export interface CaretUser {
  name: string;
  color: string;
}

/**
 * The live editor's (issue 28, stage 2): the editor's extensions on the shared document's
 * `default` fragment (`Collaboration`, whose own undo replaces Tiptap's: StarterKit's
 * `undoRedo` is off, as the extension requires), and everyone's caret with their name and
 * colour (`CollaborationCaret`, from the provider's awareness). The content comes only from
 * the shared document.
 */
export function collaborativeExtensions(document: Doc, provider: WebsocketProvider, user: CaretUser) {
  return [
    StarterKit.configure({ link: false, undoRedo: false }),
    ...shared,
    uploadingImage,
    Collaboration.configure({ document, field: 'default' }),
    CollaborationCaret.configure({ provider, user }),
  ];
}
