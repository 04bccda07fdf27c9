/**
 * The part of `http-link-header` (RFC 8288 parsing) the app uses. Declared here rather than
 * through `@types/http-link-header`, whose `/// <reference types="node" />` would bring Node's
 * globals (`process`, `Buffer`) into the browser code's types.
 */
declare module 'http-link-header' {
  interface Reference {
    uri: string;
    rel: string;
    [attribute: string]: string;
  }

  class Link {
    static parse(value: string, offset?: number): Link;
    refs: Reference[];
    /** The references whose `rel` is `value`. */
    rel(value: string): Reference[];
  }

  export = Link;
}
