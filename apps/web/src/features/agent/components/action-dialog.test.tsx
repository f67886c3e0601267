import { beforeAll, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../../locales/en.json';
import { ActionDialog } from './action-dialog';

const settle = (fire: () => void) =>
  act(async () => {
    fire();
    await Promise.resolve();
  });

describe('<ActionDialog>', () => {
  beforeAll(async () => {
    await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
  });

  it('says one problem at a time on submit: the required comment first, then the attachment', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ActionDialog requestId={1} action="ask" onHide={() => undefined} />
      </QueryClientProvider>,
    );
    await settle(() => fireEvent.click(screen.getByTestId('action-submit')));
    expect(screen.getByTestId('action-error').textContent).toBe(en.agent.action.commentRequired);

    fireEvent.change(screen.getByTestId('action-comment'), { target: { value: 'Please sign the act' } });
    const text = new File(['hello'], 'act.txt', { type: 'text/plain' });
    fireEvent.change(screen.getByTestId('action-file'), { target: { files: [text] } });
    expect(screen.getByTestId('action-error').textContent).toBe(en.agent.action.commentRequired);
    await settle(() => fireEvent.click(screen.getByTestId('action-submit')));
    expect(screen.getByTestId('action-error').textContent).toBe(en.agent.action.fileType);
  });
});
