import { useState, type FormEvent } from 'react';
import { Button, Form } from 'react-aria-components';
import type { Activity } from '../../core/schemas/activity';
import { isChoiceKind, QuestionCreateSchema, type Question, type QuestionKind } from '../../core/schemas/question';
import { ModalDialog } from '../components/dialog';
import { errorsUnder } from '../components/form-errors';
import { useFormSave } from '../components/use-form-save';
import { fromEditable, OptionEntriesEditor, toEditable, type EditableOption } from '../components/option-entries';
import { SelectField } from '../components/select-field';
import { Checkbox, FormMessage, TextInput } from '../components/text-input';
import { useKindly } from '../data/kindly';
import { useOccasion } from '../occasion/occasion-context';

const KINDS = [
  { value: 'SHORT_TEXT', text: 'Short text' },
  { value: 'LONG_TEXT', text: 'Long text' },
  { value: 'SINGLE_CHOICE', text: 'One choice' },
  { value: 'MULTIPLE_CHOICE', text: 'Several choices' },
  { value: 'YES_NO', text: 'Yes or no' },
  { value: 'NUMBER', text: 'Number' },
];
const SCOPES = [
  { value: 'GUEST', text: 'Each guest' },
  { value: 'HOUSEHOLD', text: 'Once per household' },
];
const EVERYONE = 'everyone';

/** `''` for an empty field, else the number typed (NaN when it is not one, which the schema refuses). */
const numberOrNull = (text: string): number | null => (text.trim() === '' ? null : Number(text));

/** Adds or edits a question: its kind, who answers, the activity it is limited to, options or bounds. */
export function QuestionDialog(props: { question: Question | undefined; nextSortOrder: number; activities: readonly Activity[]; onClose(): void }) {
  const { question, activities, onClose } = props;
  const occasion = useOccasion();
  const { stores } = useKindly();
  const [prompt, setPrompt] = useState(question?.prompt ?? '');
  const [helpText, setHelpText] = useState(question?.helpText ?? '');
  const [kind, setKind] = useState<string>(question?.kind ?? 'SHORT_TEXT');
  const [scope, setScope] = useState<string>(question?.scope ?? 'GUEST');
  const [activityId, setActivityId] = useState(question?.activityId ?? EVERYONE);
  const [required, setRequired] = useState(question?.required ?? false);
  const [options, setOptions] = useState<EditableOption[]>(() => toEditable(question?.options ?? []));
  const [min, setMin] = useState(question?.min?.toString() ?? '');
  const [max, setMax] = useState(question?.max?.toString() ?? '');
  const { errors, message, busy, save } = useFormSave();
  const choice = isChoiceKind(kind as QuestionKind);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const number = kind === 'NUMBER';
    const body = {
      prompt,
      helpText,
      kind,
      scope,
      required,
      activityId: activityId === EVERYONE ? null : activityId,
      options: choice ? fromEditable(options) : [],
      min: number ? numberOrNull(min) : null,
      max: number ? numberOrNull(max) : null,
      sortOrder: question?.sortOrder ?? props.nextSortOrder,
    };
    const saved = await save(QuestionCreateSchema, body, (output) =>
      question
        ? stores.$updateQuestion.mutate({ occasionId: occasion.id, questionId: question.id, body: output })
        : stores.$createQuestion.mutate({ occasionId: occasion.id, body: output }),
    );
    if (saved) onClose();
  }

  const activityOptions = [{ value: EVERYONE, text: 'Everyone who attends something' }, ...activities.map((activity) => ({ value: activity.id, text: `Those attending ${activity.name}` }))];
  return (
    <ModalDialog title={question ? 'Edit question' : 'New question'} isOpen onOpenChange={(open) => !open && onClose()} wide>
      {(close) => (
        <Form onSubmit={submit} validationBehavior="aria" className="form" aria-label={question ? 'Edit question' : 'New question'}>
          <TextInput label="Question" value={prompt} onChange={setPrompt} error={errors.prompt} isRequired autoFocus />
          <TextInput label="Help text" value={helpText} onChange={setHelpText} error={errors.helpText} multiline description="Shown under the question." />
          <SelectField label="Kind" options={KINDS} value={kind} onChange={(value) => setKind(value || kind)} error={errors.kind} isRequired hideSelected={false} />
          <SelectField label="Who answers" options={SCOPES} value={scope} onChange={(value) => setScope(value || scope)} error={errors.scope} isRequired hideSelected={false} />
          <SelectField label="Asked of" options={activityOptions} value={activityId} onChange={(value) => setActivityId(value || EVERYONE)} error={errors.activityId} isRequired hideSelected={false} />
          <Checkbox isSelected={required} onChange={setRequired}>
            An answer is required
          </Checkbox>
          {choice ? (
            <OptionEntriesEditor
              label="Options"
              itemLabel="option"
              options={options}
              onChange={setOptions}
              errors={{ ...errorsUnder(errors, 'options'), ...(errors.options ? { '': errors.options } : {}) }}
              description="Close an option to stop new answers choosing it; answers that hold it keep it."
            />
          ) : null}
          {kind === 'NUMBER' ? (
            <div className="row">
              <TextInput label="Minimum" value={min} onChange={setMin} error={errors.min} inputMode="numeric" />
              <TextInput label="Maximum" value={max} onChange={setMax} error={errors.max} inputMode="numeric" />
            </div>
          ) : null}
          <FormMessage messages={[message]} focus />
          <div className="dialog-actions">
            <Button className="button" onPress={close}>
              Cancel
            </Button>
            <Button type="submit" className="button button--primary" isDisabled={busy}>
              {busy ? 'Saving…' : 'Save question'}
            </Button>
          </div>
        </Form>
      )}
    </ModalDialog>
  );
}
