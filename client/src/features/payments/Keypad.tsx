import { Delete } from 'lucide-react';
import type { KeypadKey } from '@rentwise/libs/keypad';

const ROWS: readonly (readonly KeypadKey[])[] = [
  ['1', '2', '3'],
  ['4', '5', '6'],
  ['7', '8', '9'],
  ['.', '0', 'backspace'],
];

const KEY_NAME: Partial<Record<KeypadKey, string>> = { '.': 'Decimal point', backspace: 'Delete' };

/** The physical key that presses each keypad key. */
export function keypadKeyFor(key: string): KeypadKey | undefined {
  if (/^[0-9]$/.test(key)) return key as KeypadKey;
  if (key === '.' || key === 'Decimal') return '.';
  if (key === 'Backspace' || key === 'Delete') return 'backspace';
  return undefined;
}

interface KeypadProps {
  onPress: (key: KeypadKey) => void;
}

/** Digits, the decimal point and delete, each a 44 px+ button. */
export function Keypad({ onPress }: KeypadProps) {
  return (
    <div className="keypad" role="group" aria-label="Amount keypad">
      {ROWS.flat().map((key) => (
        <button
          key={key}
          type="button"
          className="keypad__key"
          aria-label={KEY_NAME[key]}
          // A tap must not move focus onto the key, so that Enter on a physical keyboard still continues.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onPress(key)}
        >
          {key === 'backspace' ? <Delete aria-hidden="true" size={24} /> : key}
        </button>
      ))}
    </div>
  );
}
