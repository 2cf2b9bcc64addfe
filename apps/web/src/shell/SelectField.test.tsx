import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SelectField } from './SelectField';

afterEach(cleanup);

function Team({ errors, hint }: { errors?: readonly string[]; hint?: string }) {
  return (
    <SelectField name="team_id" label="Team" errors={errors} hint={hint}>
      <option value="">Inget team</option>
      <option value="1">Stadsodling Syd</option>
    </SelectField>
  );
}

describe('SelectField', () => {
  it('is named by its label and sends its name', () => {
    render(<Team />);
    const select = screen.getByLabelText('Team') as HTMLSelectElement;
    expect(select.tagName).toBe('SELECT');
    expect(select.name).toBe('team_id');
    expect(select.getAttribute('aria-invalid')).toBeNull();
    expect(select.getAttribute('aria-describedby')).toBeNull();
  });

  it('spec §5: shows the first error, marks the select invalid and describes it by that message', () => {
    render(<Team errors={['Välj ett team.', 'Något annat.']} />);
    const select = screen.getByLabelText('Team');
    expect(select.getAttribute('aria-invalid')).toBe('true');
    const message = document.getElementById(select.getAttribute('aria-describedby') ?? '');
    expect(message?.textContent).toBe('Välj ett team.');
    expect(screen.queryByText('Något annat.')).toBeNull();
  });

  it('describes the select by its hint, then by its error', () => {
    render(<Team hint="Alla sensorer av typen." errors={['Välj ett team.']} />);
    const ids = screen.getByLabelText('Team').getAttribute('aria-describedby')?.split(' ') ?? [];
    expect(ids.map((id) => document.getElementById(id)?.textContent)).toEqual([
      'Alla sensorer av typen.',
      'Välj ett team.',
    ]);
  });

  it('two fields on one screen each get their own label and message', () => {
    render(
      <>
        <Team errors={['Välj ett team.']} />
        <SelectField name="sensor_id" label="Sensor" errors={['Välj en sensor.']}>
          <option value="">Välj sensor</option>
        </SelectField>
      </>,
    );
    const sensor = screen.getByLabelText('Sensor');
    expect(sensor.getAttribute('name')).toBe('sensor_id');
    expect(document.getElementById(sensor.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Välj en sensor.',
    );
  });
});
