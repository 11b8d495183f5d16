import { useCallback } from 'react';
import { useToast } from '../../../shared/toast/toast.context';
import { useExportMyDataMutation } from '../api/privacy.api';
import { saveFile } from '../../../shared/browser/save-file';
import { exportFileText } from '../utils/data-export-file';
import { serverMessage } from '../utils/server-message';

/** 'Download my data' (issue 11): GET /api/account/export saved as the JSON file the server names. */
export function useDataExport(userId: string) {
  const [fetchExport, { isLoading, reset }] = useExportMyDataMutation();
  const { toast } = useToast();

  const download = useCallback(async () => {
    try {
      const { fileName, document } = await fetchExport({ user_id: userId }).unwrap();
      saveFile(fileName, exportFileText(document), 'application/json');
      // Personal data has no business staying in the store once it is in the file.
      reset();
    } catch (error) {
      toast({
        title: 'Download Failed',
        description: serverMessage(error) || 'We could not prepare your data. Please try again.',
        variant: 'destructive',
      });
    }
  }, [fetchExport, reset, toast, userId]);

  return { download, isDownloading: isLoading };
}
