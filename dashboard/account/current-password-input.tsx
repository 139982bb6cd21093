import { TextInput } from '../components/text-input';

interface CurrentPasswordInputProps {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  autoFocus?: boolean;
}

/** The "Current password" field every account change that needs the password asks for. */
export function CurrentPasswordInput({ value, onChange, error, autoFocus }: CurrentPasswordInputProps) {
  return <TextInput label="Current password" type="password" autoComplete="current-password" value={value} onChange={onChange} error={error} isRequired autoFocus={autoFocus} />;
}
