import type { CategoryDto } from '@mkt/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { useKeyboardSafeSelect } from '../shared/ui/useKeyboardSafeSelect';
import '../shared/ui/select.css';
import type { useCategoryLevels } from './useCategoryChain';

const LEVEL_LABELS = ['대분류', '중분류', '소분류'] as const;

interface CategoryPickersProps {
  /** The chosen categories, top first; undefined while the chain is being worked out. */
  chain: readonly number[] | undefined;
  levels: ReturnType<typeof useCategoryLevels>;
  onChange: (chain: number[]) => void;
}

/**
 * Three cascading selects (대분류 / 중분류 / 소분류), each with 전체. A level lists the children of
 * the level above and stays disabled until that one is chosen; changing a level clears the ones below.
 */
export function CategoryPickers({ chain, levels, onChange }: CategoryPickersProps) {
  const baseId = useId();
  const chosen = chain ?? [];

  return (
    <div className="category-pickers" role="group" aria-label="카테고리 선택" data-testid="category-pickers">
      {LEVEL_LABELS.map((label, level) => {
        const query: UseQueryResult<CategoryDto[]> = levels[level];
        const parentChosen = level === 0 || chosen[level - 1] !== undefined;
        const options = parentChosen ? (query.data ?? []) : [];
        const value = chosen[level];
        const id = `${baseId}-level-${level + 1}`;
        const disabled = chain === undefined || !parentChosen || query.isPending || options.length === 0;
        return (
          <div key={label} className="category-pickers__field">
            <label htmlFor={id} className="category-pickers__label">
              {label}
            </label>
            <PickerSelect
              id={id}
              value={value === undefined ? '' : String(value)}
              disabled={disabled && value === undefined}
              onCommit={(picked) => {
                const next = chosen.slice(0, level);
                if (picked) next.push(Number(picked));
                onChange(next);
              }}
            >
              <option value="">전체</option>
              {value !== undefined && !options.some((category) => category.ctno === value) && (
                // The list has not arrived yet (or does not know this category): keep the choice visible.
                <option value={String(value)}>
                  {query.isPending ? '불러오는 중…' : `카테고리 ${value}`}
                </option>
              )}
              {options.map((category) => (
                <option key={category.ctno} value={String(category.ctno)}>
                  {category.cateName}
                </option>
              ))}
            </PickerSelect>
          </div>
        );
      })}
    </div>
  );
}

interface PickerSelectProps {
  id: string;
  value: string;
  disabled: boolean;
  onCommit: (value: string) => void;
  children: ReactNode;
}

function PickerSelect({ id, value, disabled, onCommit, children }: PickerSelectProps) {
  const selectProps = useKeyboardSafeSelect(value, onCommit);
  return (
    <select id={id} className="select category-pickers__select" disabled={disabled} {...selectProps}>
      {children}
    </select>
  );
}
