// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs.tsx';

function Widgets({ onChange }: { onChange?: (value: string) => void }) {
  return (
    <Tabs defaultValue="weather" onValueChange={onChange}>
      <TabsList aria-label="Example widgets">
        <TabsTrigger value="weather">Weather</TabsTrigger>
        <TabsTrigger value="banking">Banking</TabsTrigger>
        <TabsTrigger value="todo" disabled>
          Todo List
        </TabsTrigger>
        <TabsTrigger value="analytics">Analytics</TabsTrigger>
      </TabsList>
      <TabsContent value="weather">Weather panel</TabsContent>
      <TabsContent value="banking">Banking panel</TabsContent>
      <TabsContent value="analytics">Analytics panel</TabsContent>
    </Tabs>
  );
}

/** Tabs whose value the caller holds, with a button of its own that changes it. */
function Held() {
  const [value, setValue] = useState('login');
  return (
    <>
      <button type="button" onClick={() => setValue('register')}>
        Go to register
      </button>
      <Tabs value={value} onValueChange={setValue}>
        <TabsList aria-label="Sign in or create an account">
          <TabsTrigger value="login">Login</TabsTrigger>
          <TabsTrigger value="register">Register</TabsTrigger>
        </TabsList>
        <TabsContent value="login">Login form</TabsContent>
        <TabsContent value="register">Register form</TabsContent>
      </Tabs>
    </>
  );
}

const selected = () =>
  screen
    .getAllByRole('tab')
    .filter((tab) => tab.getAttribute('aria-selected') === 'true')
    .map((tab) => tab.textContent);

describe('Tabs', () => {
  it('shows the first tab, its panel named by it, and mounts no other panel', () => {
    render(<Widgets />);
    const weather = screen.getByRole('tab', { name: 'Weather' });
    expect(selected()).toEqual(['Weather']);
    const panel = screen.getByRole('tabpanel', { name: 'Weather' });
    expect(panel.textContent).toBe('Weather panel');
    expect(weather.getAttribute('aria-controls')).toBe(panel.id);
    expect(screen.queryByText('Banking panel')).toBeNull();
    // One tab stop: the shown tab.
    expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([0, -1, -1, -1]);
  });

  it('shows the tab clicked, and tells the caller', async () => {
    const changes: string[] = [];
    render(<Widgets onChange={(value) => changes.push(value)} />);
    await userEvent.click(screen.getByRole('tab', { name: 'Banking' }));
    expect(selected()).toEqual(['Banking']);
    expect(screen.getByRole('tabpanel', { name: 'Banking' }).textContent).toBe('Banking panel');
    expect(screen.queryByText('Weather panel')).toBeNull();
    expect(changes).toEqual(['banking']);
    await userEvent.click(screen.getByRole('tab', { name: 'Todo List' }));
    expect(selected()).toEqual(['Banking']);
  });

  it('moves with the arrows over the disabled tab, wrapping, and to the ends with Home and End', async () => {
    render(<Widgets />);
    await userEvent.tab();
    expect(document.activeElement?.textContent).toBe('Weather');
    await userEvent.keyboard('{ArrowRight}');
    expect(selected()).toEqual(['Banking']);
    await userEvent.keyboard('{ArrowRight}');
    expect(selected()).toEqual(['Analytics']);
    expect(document.activeElement?.textContent).toBe('Analytics');
    await userEvent.keyboard('{ArrowRight}');
    expect(selected()).toEqual(['Weather']);
    await userEvent.keyboard('{ArrowLeft}');
    expect(selected()).toEqual(['Analytics']);
    await userEvent.keyboard('{Home}');
    expect(selected()).toEqual(['Weather']);
    await userEvent.keyboard('{End}');
    expect(selected()).toEqual(['Analytics']);
    // Tab leaves the list for the panel.
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('tabpanel', { name: 'Analytics' }));
  });

  it('follows a caller that holds the value', async () => {
    render(<Held />);
    await userEvent.click(screen.getByRole('button', { name: 'Go to register' }));
    expect(selected()).toEqual(['Register']);
    expect(screen.getByRole('tabpanel', { name: 'Register' }).textContent).toBe('Register form');
    await userEvent.click(screen.getByRole('tab', { name: 'Login' }));
    expect(screen.getByRole('tabpanel', { name: 'Login' }).textContent).toBe('Login form');
  });

  it('keeps the arrows of a list to its own tabs when another list is inside a panel', async () => {
    render(
      <Tabs defaultValue="get">
        <TabsList aria-label="Method">
          <TabsTrigger value="get">GET</TabsTrigger>
          <TabsTrigger value="post">POST</TabsTrigger>
        </TabsList>
        <TabsContent value="get">
          <Tabs defaultValue="js">
            <TabsList aria-label="Language">
              <TabsTrigger value="js">JavaScript</TabsTrigger>
              <TabsTrigger value="py">Python</TabsTrigger>
            </TabsList>
          </Tabs>
        </TabsContent>
        <TabsContent value="post">Post samples</TabsContent>
      </Tabs>,
    );
    await userEvent.click(screen.getByRole('tab', { name: 'JavaScript' }));
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement?.textContent).toBe('Python');
    expect(screen.getByRole('tab', { name: 'GET' }).getAttribute('aria-selected')).toBe('true');
  });
});
