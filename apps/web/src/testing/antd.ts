import { fireEvent, screen, waitFor } from '@testing-library/react';

/** Opens an antd Select (they open on mouse down) and presses the option showing `text`. */
export async function pressOption(comboboxName: string, text: string): Promise<void> {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: comboboxName }));
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
      (element) => element.textContent === text,
    );
    if (!found) throw new Error(`No option "${text}" in ${comboboxName}`);
    return found;
  });
  fireEvent.click(option);
}

/** The text of the notification region (SPEC: at most one toast is visible). */
export function notifications(): HTMLElement {
  return screen.getByRole('region', { name: 'Notifications (F8)' });
}
