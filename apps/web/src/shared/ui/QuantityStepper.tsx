import { MinusIcon, PlusIcon } from './icons';
import './stepper.css';

interface QuantityStepperProps {
  value: number;
  /** Names the group, e.g. '블랙 / L 수량'. */
  label: string;
  onDecrease: () => void;
  onIncrease: () => void;
  decreaseDisabled?: boolean;
  increaseDisabled?: boolean;
  /** Disables both buttons (a line that cannot change). */
  disabled?: boolean;
  valueTestId?: string;
}

/** − value +: the quantity of an option card, a cart line or a modal row. */
export function QuantityStepper({
  value,
  label,
  onDecrease,
  onIncrease,
  decreaseDisabled = false,
  increaseDisabled = false,
  disabled = false,
  valueTestId,
}: QuantityStepperProps) {
  return (
    <div className="stepper" role="group" aria-label={label}>
      <button
        type="button"
        className="stepper__button"
        aria-label="수량 줄이기"
        disabled={disabled || decreaseDisabled}
        onClick={onDecrease}
      >
        <MinusIcon size={16} />
      </button>
      <span className="stepper__value" aria-live="polite" data-testid={valueTestId}>
        {value}
      </span>
      <button
        type="button"
        className="stepper__button"
        aria-label="수량 늘리기"
        disabled={disabled || increaseDisabled}
        onClick={onIncrease}
      >
        <PlusIcon size={16} />
      </button>
    </div>
  );
}
