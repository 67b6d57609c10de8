/**
 * An image every candidate host serves under the same path (spec §7.8): `/img/…`, letters, digits, `-`, `_`, `.` and
 * `/` only, no `..`. Such an image is loaded from the session's fastest host, not from this origin.
 */
export const HOSTED_IMAGE_PATH = /^\/img\/(?!.*\.\.)[A-Za-z0-9/_.-]+$/;

/**
 * Where the sanitizer keeps a hosted image's path in rich text (src/platform/sanitize-html.ts): the image gets no `src`
 * of its own, so it never loads from this origin first; RichText sets it on the chosen host.
 */
export const HOSTED_PATH_ATTRIBUTE = 'data-hosted-path';
