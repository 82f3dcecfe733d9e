/* global document, navigator, window */
// The sign-up page's copy button (src/web/pages/api-key-page.tsx). Served from /assets/ because the pages' CSP
// allows no inline script. Without script the button stays hidden and the key is plain selectable text.
document.addEventListener('DOMContentLoaded', () => {
  const button = document.getElementById('copy-key');
  const key = document.getElementById('api-key');
  const status = document.getElementById('copy-status');
  if (!button || !key || !status) return;
  button.hidden = false;
  button.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(key.textContent.trim());
      status.textContent = 'Copied. Keep it somewhere safe.';
    } catch {
      // No clipboard access (an http page other than localhost, or a refused permission): select it instead.
      const range = document.createRange();
      range.selectNodeContents(key);
      const selection = window.getSelection();
      selection.removeAllRanges();
      selection.addRange(range);
      status.textContent = 'The key is selected: copy it with Ctrl+C (or Cmd+C).';
    }
  });
});
