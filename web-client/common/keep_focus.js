// Keyboard focus across redraws: a part rebuilt from a snapshot (the room's buttons, the seat
// tools, Quadwrangle's dice and plays) would drop the focus of a keyboard user to the page's
// start. The focus goes back to the same control (same id, else same words), else to the
// first control left in the part, else to `fallback()`.

const FOCUSABLE = 'button, select, input, textarea, a[href], [tabindex]';

function keyOf(node) {
  return node.id ? `#${node.id}` : `${node.tagName}:${node.textContent.trim()}`;
}

function usable(node) {
  return !node.disabled && !node.hidden && node.getAttribute('tabindex') !== '-1';
}

// Runs `rebuild()`, which redraws `container`, keeping the focus that was inside it.
export function keepFocus(container, rebuild, fallback = null) {
  const active = document.activeElement;
  const inside = Boolean(active) && active !== container && container.contains(active);
  const key = inside ? keyOf(active) : null;
  rebuild();
  if (!inside) return;
  if (document.activeElement === active && container.contains(active) && usable(active)) return;
  const candidates = [...container.querySelectorAll(FOCUSABLE)].filter(usable);
  const target =
    candidates.find((node) => keyOf(node) === key) ||
    candidates[0] ||
    (fallback ? fallback() : null);
  if (target) target.focus();
}
