import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MessagesProvider } from '../messages';
import { renderStrict } from '../testing/render';
import { FormErrors } from './FormErrors';

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
    for (const error of ['<html>Internal Server Error</html>', 500, new TypeError('Failed to fetch')]) {
      renderStrict(<FormErrors error={error} />);
      expect(screen.getByRole('alert').textContent).toBe(generic);
      cleanup();
    }
  });

  it('reads a 422 body (first message per field, labelled) and an error carrying that body', () => {
    renderStrict(
      <FormErrors
        error={{ message: 'Uppgifterna är ogiltiga.', errors: { name: ['Namn krävs.', 'För kort.'] } }}
        labels={{ name: 'Namn' }}
      />,
    );
    expect(screen.getByRole('listitem').textContent).toBe('Namn: Namn krävs.');
    cleanup();
    const error = Object.assign(new Error('422'), { body: { errors: { email: ['Ogiltig'] } } });
    renderStrict(<FormErrors error={error} />);
    expect(screen.getByRole('listitem').textContent).toBe('Ogiltig');
  });

  it('the generic text follows a messages override', () => {
    renderStrict(
      <MessagesProvider messages={{ form: { genericError: 'Något gick fel.' } }}>
        <FormErrors error="boom" />
      </MessagesProvider>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Något gick fel.');
  });

  it('shows nothing without an error', () => {
    const { container } = renderStrict(<FormErrors error={null} />);
    expect(container.innerHTML).toBe('');
  });
});
