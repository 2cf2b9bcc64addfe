import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderStrict } from '../testing/render';
import { FormErrors, firstErrors } from './FormErrors';

afterEach(cleanup);

const generic = 'Something went wrong. Please try again or contact customer support.';

describe('FormErrors (spec §5)', () => {
  it('spec §5: the form error holder shows the first message per field', () => {
    renderStrict(
      <FormErrors
        error={{
          email: ['E-postadressen är ogiltig.', 'E-postadressen är upptagen.'],
          name: ['Namn krävs.'],
        }}
      />,
    );
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual(['E-postadressen är ogiltig.', 'Namn krävs.']);
  });

  it("spec §5: if an error response is not an object, it shows 'Something went wrong. Please try again or contact customer support.'", () => {
    for (const error of ['Internal Server Error', 500, ['x'], new Error('nätverk')]) {
      renderStrict(<FormErrors error={error} />);
      expect(screen.getByRole('alert').textContent).toBe(generic);
      cleanup();
    }
  });

  it('reads a 422 body or an error carrying an errors map (the core ValidationError)', () => {
    expect(firstErrors({ message: 'Fel', errors: { email: ['Ogiltig', 'Upptagen'] } })).toEqual({
      email: 'Ogiltig',
    });
    class ValidationError extends Error {
      readonly errors = { name: ['Namn krävs.'] };
    }
    const error = new ValidationError('422');
    renderStrict(<FormErrors error={error} labels={{ name: 'Namn' }} />);
    expect(screen.getByRole('listitem').textContent).toBe('Namn: Namn krävs.');
  });

  it('shows nothing without an error', () => {
    const { container } = renderStrict(<FormErrors error={null} />);
    expect(container.innerHTML).toBe('');
  });
});
