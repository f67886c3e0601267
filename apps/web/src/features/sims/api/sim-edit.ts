import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { SIM_EDIT_API, type SimEditStartRequest } from '@cab/contract/sim-edit';
import { TOAST_LIFE_MS } from '@cab/contract/constants';
import { api, callOrThrow, required } from '@/lib/api';
import { fetchFile } from '@/lib/download-file';
import { toastError } from '@/lib/toast-bus';
import { SIMS_KEY } from './query-keys';

/**
 * Starts a bulk edit from a file's text. The server's refusal (a header it cannot read, no line naming
 * one of the company's SIMs) is thrown, so the dialog shows it beside the file.
 */
export function useStartSimEdit() {
  return useMutation({
    mutationFn: (request: SimEditStartRequest) => callOrThrow(SIM_EDIT_API.start, request),
  });
}

/** A page of an edit's lines that were left out, with the counts by result (under SIMS_KEY: an operation's end refreshes it). */
export function useSimEditProblems(qid: number | null, page: number) {
  return useQuery({
    queryKey: [...SIMS_KEY, 'edit', qid, page],
    queryFn: async () => required(await api.call(SIM_EDIT_API.lines, { qid: qid ?? 0, show: 'problems', page, size: 10 })),
    enabled: qid !== null,
    placeholderData: keepPreviousData,
  });
}

/** The result of every line as CSV in the reader's language; a refusal is shown as the server says it. */
export async function downloadSimEditLines(qid: number): Promise<void> {
  const outcome = await fetchFile(`${SIM_EDIT_API.linesCsv.path}?qid=${qid}`, `sim-edit-${qid}.csv`);
  if (!outcome.ok) toastError(outcome.message ?? { key: 'common.cantLoad' }, TOAST_LIFE_MS * 2);
}
