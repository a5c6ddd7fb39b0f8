/** The tag a shop's pages load (server/browser/snippet.ts), with the workspace's public id filled in. */
export const trackingSnippet = (publicUrl: string, publicId: string) =>
  `<script src="${publicUrl.replace(/\/+$/, '')}/refcount.js" data-workspace="${publicId}"></script>`;
