// The header's menu on a phone (style.css folds the language, screen-reader, sound and account
// controls into it there, so the top bar stays one row): the toggle opens and closes it, and
// Escape closes it and gives the focus back to the toggle. On a wider screen the toggle is not
// shown and the controls stand in the bar.

export function setupTopMenu(toggle, menu) {
  const open = () => toggle.getAttribute('aria-expanded') === 'true';
  const setOpen = (value) => toggle.setAttribute('aria-expanded', String(value));
  toggle.addEventListener('click', () => setOpen(!open()));
  menu.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !open()) return;
    setOpen(false);
    toggle.focus();
  });
}
