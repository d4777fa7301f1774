// Small DOM helpers. User text (names, chat, room codes) only ever goes through textContent.

// An element with attributes and children; strings become text nodes.
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === 'class') node.className = value;
    else if (key === 'text') node.textContent = value;
    else if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
    else if (value === true) node.setAttribute(key, '');
    else node.setAttribute(key, value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === 'string' ? document.createTextNode(child) : child);
  }
  return node;
}

// A short-lived message in the polite live region at the bottom of the page.
export function toast(text, kind = 'info') {
  const host = document.getElementById('toasts');
  if (!host) return;
  const item = el(
    'div',
    { class: `toast toast--${kind}`, role: kind === 'error' ? 'alert' : 'status' },
    text,
  );
  host.append(item);
  setTimeout(() => item.remove(), 5000);
}

// Plain words for a game's options, e.g. "size 4 · mode fill".
export function describeOptions(options) {
  return Object.entries(options || {})
    .map(([name, value]) => `${name} ${String(value).replaceAll('_', ' ')}`)
    .join(' · ');
}
