import { ROOT_CATEGORY, type CategoryDto } from '@mkt/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { subCategoriesQuery } from '../../shared/api/categories';
import '../../shared/ui/select.css';

/** The chosen category of each level (top, middle, bottom); 0 where none is chosen. */
export type CategoryPath = [number, number, number];
export const NO_CATEGORY: CategoryPath = [0, 0, 0];

const LEVEL_LABELS = ['대분류', '중분류', '소분류'] as const;

/** The deepest chosen category, 0 when none. */
export function deepestCategory(path: CategoryPath): number {
  return [...path].reverse().find((ctno) => ctno > 0) ?? 0;
}

/** Three selects: each level lists the children of the one above, loaded when chosen. */
export function CategorySelects({
  value,
  onChange,
  label,
}: {
  value: CategoryPath;
  onChange: (path: CategoryPath) => void;
  label: string;
}) {
  const parents = [ROOT_CATEGORY, value[0], value[1]];
  return (
    <fieldset className="console-products__categories">
      <legend className="sr-only">{label}</legend>
      {LEVEL_LABELS.map((levelLabel, level) => (
        <CategoryLevel
          key={levelLabel}
          label={levelLabel}
          parent={parents[level]}
          value={value[level]}
          onChange={(ctno) => {
            const next = [...value] as CategoryPath;
            next[level] = ctno;
            for (let deeper = level + 1; deeper < next.length; deeper++) next[deeper] = 0;
            onChange(next);
          }}
        />
      ))}
    </fieldset>
  );
}

function CategoryLevel({
  label,
  parent,
  value,
  onChange,
}: {
  label: string;
  parent: number;
  value: number;
  onChange: (ctno: number) => void;
}) {
  const id = useId();
  const children = useQuery({ ...subCategoriesQuery(parent), enabled: parent > 0 });
  const options: CategoryDto[] = parent > 0 ? (children.data ?? []) : [];
  return (
    <div className="console-products__category">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="select"
        value={value}
        disabled={parent === 0 || children.isPending}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        <option value={0}>전체</option>
        {options.map((category) => (
          <option key={category.ctno} value={category.ctno}>
            {category.cateName}
          </option>
        ))}
      </select>
    </div>
  );
}
