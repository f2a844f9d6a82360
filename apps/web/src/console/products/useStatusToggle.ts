import { ProductMessages } from '@mkt/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { managedProductKeys, toggleProductStatus } from '../../shared/api/productManagement';
import { productKeys } from '../../shared/api/products';
import { errorMessage } from '../../shared/ui/ErrorState';

/** The delete/restore toggle: calls the status endpoint with the current flag, alerts, and reloads. */
export function useStatusToggle() {
  const queryClient = useQueryClient();
  const [busyPno, setBusyPno] = useState<number | null>(null);
  const toggle = async (pno: number, delFlag: boolean) => {
    setBusyPno(pno);
    try {
      await toggleProductStatus(pno, delFlag);
      window.alert(delFlag ? ProductMessages.restoreSucceeded : ProductMessages.deleteSucceeded);
    } catch (error) {
      const failed = delFlag ? ProductMessages.restoreFailed : ProductMessages.deleteFailed;
      window.alert(`${failed}: ${errorMessage(error)}`);
    } finally {
      setBusyPno(null);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: managedProductKeys.all }),
        queryClient.invalidateQueries({ queryKey: productKeys.all }),
      ]);
    }
  };
  return { busyPno, toggle };
}

/** The toggle's label: 'delete' when the product is live, 'restore' when deleted. */
export const statusToggleLabel = (delFlag: boolean) => (delFlag ? '복구' : '삭제');
