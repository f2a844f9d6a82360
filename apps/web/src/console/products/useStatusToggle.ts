import { ProductMessages } from '@mkt/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { managedProductKeys, toggleProductStatus } from '../../shared/api/productManagement';
import { productKeys } from '../../shared/api/products';
import { errorMessage } from '../../shared/ui/ErrorState';

/**
 * The delete/restore toggle: calls the status endpoint with the current flag, alerts, and reloads.
 * Deleting asks first: `confirmation` holds the question (a ConfirmDialog's props) until answered.
 */
export function useStatusToggle() {
  const queryClient = useQueryClient();
  const [busyPno, setBusyPno] = useState<number | null>(null);
  const [asking, setAsking] = useState<{ pno: number; name: string } | null>(null);
  const run = async (pno: number, delFlag: boolean) => {
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
  /** `name`: the product's, for the question asked before deleting (restoring asks nothing). */
  const toggle = (pno: number, delFlag: boolean, name: string) =>
    delFlag ? void run(pno, delFlag) : setAsking({ pno, name });
  const confirmation = asking && {
    title: '상품 삭제',
    message: confirmDelete(asking.name),
    confirmLabel: '삭제',
    onConfirm: () => {
      setAsking(null);
      void run(asking.pno, false);
    },
    onCancel: () => setAsking(null),
  };
  return { busyPno, toggle, confirmation };
}

/** The toggle's label: 'delete' when the product is live, 'restore' when deleted. */
export const statusToggleLabel = (delFlag: boolean) => (delFlag ? '복구' : '삭제');

/** Asked before deleting: the product leaves the store at once (it can be restored). */
export const confirmDelete = (name: string) =>
  `'${name}' 상품을 삭제할까요? 삭제하면 스토어에서 바로 내려가며, 상품 관리에서 복구할 수 있습니다.`;
