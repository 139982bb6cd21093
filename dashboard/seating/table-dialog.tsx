import { useState, type FormEvent } from 'react';
import { Button, Form } from 'react-aria-components';
import { SeatingTableCreateSchema, SeatingTableUpdateSchema, TABLE_SHAPE_NAMES, TABLE_SHAPES, type SeatingTable, type TableShape } from '../../core/schemas/seating';
import { ModalDialog } from '../components/dialog';
import { SelectField } from '../components/select-field';
import { FormMessage, TextInput } from '../components/text-input';
import { useFormSave } from '../components/use-form-save';
import { useKindly } from '../data/kindly';

const SHAPE_OPTIONS = TABLE_SHAPES.map((shape) => ({ value: shape, text: TABLE_SHAPE_NAMES[shape] }));

/** A number field's text as the schema reads it: blank is left out, anything else a number (or NaN, which the schema names). */
const numberOf = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text.trim()));

/**
 * Adds a table to the activity, or edits one (`table` given): name, number (left blank, one
 * above the highest), shape and capacity, checked with core's schemas before sending.
 */
export function TableDialog({ occasionId, activityId, table, onClose, onSaved }: { occasionId: string; activityId: string; table?: SeatingTable; onClose(): void; onSaved(table: SeatingTable): void }) {
  const { stores } = useKindly();
  const [name, setName] = useState(table?.name ?? '');
  const [number, setNumber] = useState(table ? String(table.number) : '');
  const [shape, setShape] = useState<TableShape>(table?.shape ?? 'ROUND');
  const [capacity, setCapacity] = useState(table ? String(table.capacity) : '10');
  const { errors, message, busy, save } = useFormSave();
  const title = table ? `Edit table ${table.number}` : 'Add a table';

  async function submit(event: FormEvent) {
    event.preventDefault();
    const fields = { name, number: numberOf(number), shape, capacity: numberOf(capacity) };
    const body = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
    const saved = table
      ? await save(SeatingTableUpdateSchema, body, (checked) => stores.$updateTable.mutate({ occasionId, tableId: table.id, body: checked }))
      : await save(SeatingTableCreateSchema, body, (checked) => stores.$createTable.mutate({ occasionId, activityId, body: checked }));
    if (!saved) return;
    onSaved(saved);
    onClose();
  }

  return (
    <ModalDialog title={title} isOpen onOpenChange={(open) => !open && onClose()}>
      {(close) => (
        <Form onSubmit={submit} validationBehavior="aria" className="form" aria-label={title}>
          <FormMessage messages={[message]} />
          <TextInput label="Name" value={name} onChange={setName} error={errors.name} isRequired autoFocus placeholder="Roses" />
          <div className="form-grid">
            <TextInput
              label="Table number"
              value={number}
              onChange={setNumber}
              error={errors.number}
              inputMode="numeric"
              description={table ? undefined : 'Left blank: the next free number.'}
            />
            <TextInput label="Capacity" value={capacity} onChange={setCapacity} error={errors.capacity} inputMode="numeric" isRequired />
            <SelectField label="Shape" options={SHAPE_OPTIONS} value={shape} onChange={(value) => setShape(value as TableShape)} hideSelected={false} isRequired error={errors.shape} />
          </div>
          <div className="dialog-actions">
            <Button className="button" onPress={close}>
              Cancel
            </Button>
            <Button type="submit" className="button button--primary" isDisabled={busy}>
              {busy ? 'Saving…' : table ? 'Save table' : 'Add table'}
            </Button>
          </div>
        </Form>
      )}
    </ModalDialog>
  );
}
