/* The offline copy loads this before the iframe-worker shim, which replaces window.Worker on file:// pages (so
 * Material's search can run there). The deck checker needs the browser's own Worker: from file:// it makes one
 * from a Blob (assets/deck-check.js), which runs off the page's thread where the shim's frame would not. */
window.L5RNativeWorker = window.Worker;
