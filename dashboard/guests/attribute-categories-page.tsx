import { useState, type FormEvent } from 'react';
import { Button, Form } from 'react-aria-components';
import { AttributeCategoryCreateSchema, type AttributeCategory } from '../../core/schemas/attribute-category';
import { DeleteDialog, ModalDialog } from '../components/dialog';
import { errorsUnder } from '../components/form-errors';
import { useFormSave } from '../components/use-form-save';
import { fromEditable, OptionEntriesEditor, toEditable, type EditableOption } from '../components/option-entries';
import { Empty, ErrorState, Loading } from '../components/states';
import { Checkbox, FormMessage, TextInput } from '../components/text-input';
import { useKindly, useQuery } from '../data/kindly';
import { useOccasion } from '../occasion/occasion-context';
import { GuestsHead } from './guests-page';

/** `.../guests/attributes`: the host's ways to tag guests (side, relationship, A/B list…). */
export default function AttributeCategoriesPage() {
  const occasion = useOccasion();
  const categories = useQuery((s) => s.attributeCategories(occasion.id), occasion.id);
  const [editing, setEditing] = useState<AttributeCategory | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AttributeCategory | null>(null);

  return (
    <>
      <GuestsHead />
      <div className="page-head">
        <div>
          <h2>Attributes</h2>
          <p className="small muted">Tag guests to filter and count them: which side, relationship, A or B list…</p>
        </div>
        <Button className="button button--primary" onPress={() => setEditing('new')}>
          Add attribute
        </Button>
      </div>
      {categories.error ? (
        <ErrorState error={categories.error} what="the attributes" onRetry={categories.retry} />
      ) : categories.pending ? (
        <Loading />
      ) : categories.data!.length === 0 ? (
        <Empty title="No attributes yet">
          <p>For example “Side” with the options “Bride” and “Groom”.</p>
        </Empty>
      ) : (
        <ul className="stack" style={{ listStyle: 'none', padding: 0 }} aria-label="Attributes">
          {categories.data!.map((category) => (
            <li key={category.id} className="card">
              <div className="page-head" style={{ marginBottom: 4 }}>
                <h3 style={{ margin: 0 }}>
                  {category.name} <span className="small muted">{category.multiple ? '(several per guest)' : '(one per guest)'}</span>
                </h3>
                <div className="row">
                  <Button className="button button--small" onPress={() => setEditing(category)} aria-label={`Edit ${category.name}`}>
                    Edit
                  </Button>
                  <Button className="button button--small" onPress={() => setDeleting(category)} aria-label={`Delete ${category.name}`}>
                    Delete
                  </Button>
                </div>
              </div>
              <p className="small">
                {category.options.length > 0
                  ? category.options.map((option) => option.text + (option.disabled ? ' (closed)' : '')).join(', ')
                  : 'No options yet.'}
              </p>
            </li>
          ))}
        </ul>
      )}
      {editing ? <CategoryDialog category={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} /> : null}
      <DeleteCategoryDialog category={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

function CategoryDialog({ category, onClose }: { category: AttributeCategory | undefined; onClose(): void }) {
  const occasion = useOccasion();
  const { stores } = useKindly();
  const [name, setName] = useState(category?.name ?? '');
  const [multiple, setMultiple] = useState(category?.multiple ?? false);
  const [options, setOptions] = useState<EditableOption[]>(() => toEditable(category?.options ?? []));
  const { errors, message, busy, save } = useFormSave();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = { name, multiple, options: fromEditable(options), sortOrder: category?.sortOrder ?? 0 };
    const saved = await save(AttributeCategoryCreateSchema, body, (output) =>
      category
        ? stores.$updateAttributeCategory.mutate({ occasionId: occasion.id, attributeCategoryId: category.id, body: output })
        : stores.$createAttributeCategory.mutate({ occasionId: occasion.id, body: output }),
    );
    if (saved) onClose();
  }

  return (
    <ModalDialog title={category ? `Edit ${category.name}` : 'New attribute'} isOpen onOpenChange={(open) => !open && onClose()} wide>
      {(close) => (
        <Form onSubmit={submit} validationBehavior="aria" className="form" aria-label={category ? 'Edit attribute' : 'New attribute'}>
          <TextInput label="Name" value={name} onChange={setName} error={errors.name} isRequired autoFocus />
          <Checkbox isSelected={multiple} onChange={setMultiple}>
            A guest may have several of its values
          </Checkbox>
          <OptionEntriesEditor
            label="Options"
            itemLabel="option"
            options={options}
            onChange={setOptions}
            errors={{ ...errorsUnder(errors, 'options'), ...(errors.options ? { '': errors.options } : {}) }}
            description="Removing an option removes it from every guest who has it."
          />
          <FormMessage messages={[message]} focus />
          <div className="dialog-actions">
            <Button className="button" onPress={close}>
              Cancel
            </Button>
            <Button type="submit" className="button button--primary" isDisabled={busy}>
              {busy ? 'Saving…' : 'Save attribute'}
            </Button>
          </div>
        </Form>
      )}
    </ModalDialog>
  );
}

function DeleteCategoryDialog({ category, onClose }: { category: AttributeCategory | null; onClose(): void }) {
  const occasion = useOccasion();
  const { stores } = useKindly();
  return (
    <DeleteDialog
      title={category ? `Delete ${category.name}?` : 'Delete attribute?'}
      isOpen={category !== null}
      onClose={onClose}
      confirmLabel="Delete attribute"
      remove={() => stores.$deleteAttributeCategory.mutate({ occasionId: occasion.id, attributeCategoryId: category!.id })}
    >
      <p>Its values are removed from every guest.</p>
    </DeleteDialog>
  );
}
