/*! Refcount embedded referrals: <script src="https://refs.example.com/embed.js" data-token="refe_…"></script>
 * Mounts the affiliate's referral page in an iframe where the script tag is (or in the element
 * named by data-container, a CSS selector) and keeps the frame as tall as the page.
 * No dependencies, no build step (docs/embedded-referrals.md#drop-in-script). */
(function () {
  'use strict';
  var MESSAGE = 'refcount:embed:height';
  // The script running now: document.currentScript, else the last matching tag (async loaders).
  var script = document.currentScript;
  if (!script || !script.getAttribute('data-token')) {
    var tags = document.querySelectorAll('script[data-token][src*="embed.js"]');
    script = tags[tags.length - 1];
  }
  if (!script || script.getAttribute('data-refcount-mounted')) return;
  script.setAttribute('data-refcount-mounted', '1');
  var token = script.getAttribute('data-token');
  if (!token) return;
  // The page comes from where this script came from: the install's own origin.
  var origin = new URL(script.src, document.baseURI).origin;

  var frame = document.createElement('iframe');
  frame.src = origin + '/embed/referrals?token=' + encodeURIComponent(token);
  frame.title = script.getAttribute('data-title') || 'Referrals';
  frame.setAttribute('allow', 'clipboard-write');
  frame.setAttribute('referrerpolicy', 'no-referrer');
  frame.style.border = '0';
  frame.style.width = '100%';
  frame.style.height = '320px';
  frame.style.display = 'block';

  window.addEventListener('message', function (event) {
    // Only the frame we made, from the install's origin, with the one shape the page sends.
    if (event.origin !== origin || event.source !== frame.contentWindow) return;
    var data = event.data;
    if (!data || data.type !== MESSAGE || typeof data.height !== 'number' || !isFinite(data.height)) return;
    frame.style.height = Math.max(0, Math.min(Math.ceil(data.height), 100000)) + 'px';
  });

  var selector = script.getAttribute('data-container');
  var container = selector ? document.querySelector(selector) : null;
  if (container) container.appendChild(frame);
  else script.parentNode.insertBefore(frame, script.nextSibling);
})();
