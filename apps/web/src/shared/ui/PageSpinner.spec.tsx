import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { PageSpinner } from './PageSpinner';

describe('page spinner', () => {
  it('is a status named by what is loading, the label on an element allowed to carry one', () => {
    render(<PageSpinner label="Checking your session" />);

    const status = screen.getByRole('status', { name: 'Checking your session' });
    // Only elements with a role may be named (axe aria-prohibited-attr): antd's spinner has none.
    expect(status.querySelectorAll('[aria-label]:not([role])')).toHaveLength(0);
  });
});
