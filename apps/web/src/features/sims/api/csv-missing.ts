import { useMutation } from '@tanstack/react-query';
import { SIMS_API, type SimListFilter } from '@cab/contract/sims';
import { api, required } from '@/lib/api';
import { saveBlob } from '@/lib/download-file';
import { missingLinesFile } from '../model/csv-missing';

/** The "Not found" download: every line of the CSV filter that matched no SIM, saved as a CSV file. */
export function useDownloadCsvMissing() {
  return useMutation({
    mutationFn: async ({ filter, childs, fileName }: { filter: SimListFilter; childs: boolean; fileName: string }) => {
      const { lines } = required(await api.call(SIMS_API.csvMissing, { filter, childs }));
      saveBlob(new Blob([missingLinesFile(lines)], { type: 'text/csv;charset=utf-8' }), fileName);
    },
  });
}
