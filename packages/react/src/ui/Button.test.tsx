import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MessagesProvider } from '../messages';
import { en } from '../messages/en';
import { renderStrict } from '../testing/render';
import { Avatar, initialsOf } from './Avatar';
import { Button } from './Button';

afterEach(cleanup);

describe('Button (spec §2)', () => {
  it('spec §2 Button: primary by default, a plain button that does not submit forms', () => {
    const onClick = vi.fn();
    renderStrict(<Button text="Spara" onClick={onClick} />);
    const button = screen.getByRole('button', { name: 'Spara' });
    expect(button.className).toContain('matnat-button--primary');
    expect(button.getAttribute('type')).toBe('button');
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('spec §2 Button: variants secondary, edit, remove, back and borderless', () => {
    for (const variant of ['secondary', 'edit', 'remove', 'back', 'borderless'] as const) {
      renderStrict(<Button variant={variant} text={variant} />);
      expect(screen.getByRole('button', { name: variant }).className).toContain(`matnat-button--${variant}`);
    }
  });

  it('spec §2 Button: the text is optional; icon-only edit, remove and back buttons keep a Swedish name', () => {
    renderStrict(
      <>
        <Button variant="edit" />
        <Button variant="remove" />
        <Button variant="back" />
      </>,
    );
    expect(screen.getByRole('button', { name: 'Redigera' }).className).toContain('matnat-button--icon-only');
    expect(screen.getByRole('button', { name: 'Ta bort' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tillbaka' })).toBeTruthy();
  });

  it('children win over text; type and disabled pass through', () => {
    renderStrict(
      <Button text="inte" type="submit" disabled>
        Skicka
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Skicka' }) as HTMLButtonElement;
    expect(button.type).toBe('submit');
    expect(button.disabled).toBe(true);
  });
});

describe('Avatar (spec §2)', () => {
  it('spec §2 Avatar: shows the profile photo when there is one', () => {
    renderStrict(<Avatar name="Anna Andersson" photoUrl="/anna.jpg" />);
    const img = screen.getByRole('img', { name: 'Profilbild för Anna Andersson' }) as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('/anna.jpg');
  });

  it('spec §2 Avatar: else shows the initials (given, or made from the name)', () => {
    renderStrict(<Avatar name="Anna Andersson" photoUrl={null} initials="AA" />);
    expect(screen.getByRole('img', { name: 'Anna Andersson' }).textContent).toBe('AA');
    cleanup();
    renderStrict(<Avatar name="erik von Berg" />);
    expect(screen.getByRole('img', { name: 'erik von Berg' }).textContent).toBe('EB');
    expect(initialsOf('Åsa')).toBe('Å');
  });

  it('falls back to the initials when the photo fails to load', () => {
    renderStrict(<Avatar name="Anna Andersson" photoUrl="/broken.jpg" />);
    fireEvent.error(screen.getByRole('img', { name: 'Profilbild för Anna Andersson' }));
    expect(screen.getByRole('img', { name: 'Anna Andersson' }).textContent).toBe('AA');
  });

  it('spec §2 Avatar: default size 10 units, text larger at size 10 or above', () => {
    const { container } = renderStrict(
      <>
        <Avatar name="A B" />
        <Avatar name="C D" size={8} />
        <Avatar name="E F" size={16} />
      </>,
    );
    const [normal, small, large] = [...container.querySelectorAll<HTMLElement>('.matnat-avatar')];
    expect(normal!.dataset.size).toBe('10');
    expect(normal!.style.width).toBe('2.5rem');
    expect(normal!.className).toContain('matnat-avatar--large-text');
    expect(small!.className).not.toContain('matnat-avatar--large-text');
    expect(small!.style.width).toBe('2rem');
    expect(large!.className).toContain('matnat-avatar--large-text');
  });

  it('takes its alt text from the English pack', () => {
    renderStrict(
      <MessagesProvider messages={en}>
        <Avatar name="Anna" photoUrl="/a.jpg" />
      </MessagesProvider>,
    );
    expect(screen.getByRole('img', { name: 'Profile photo of Anna' })).toBeTruthy();
  });
});
