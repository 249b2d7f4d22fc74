import AddIcon from '@mui/icons-material/Add';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import RemoveIcon from '@mui/icons-material/Remove';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { messageLimit, type MetadataProperty, setValue, validateText, valueText } from './property';
import { addCustom, addedProperties, addItem, customKeyError, itemById, type MetadataTree, removeItem, toggleExpanded, type TreeItem, updateProperty } from './tree';

export interface MetadataEditorProps {
  tree: MetadataTree;
  onChange(tree: MetadataTree): void;
  /** Typed text of number and text values by item id, so invalid input stays as typed. */
  texts: Record<string, string>;
  onTextChange(id: string, text: string): void;
  disabled?: boolean;
}

/**
 * The metadata editor (spec 1 §4.7): the available namespaces, objects and
 * properties on the left, each added with its + button (a namespace or
 * object adds all its properties); the existing metadata on the right, each
 * with a value editor and a − button; custom keys added under 'Custom'.
 * Selecting an item's name expands or collapses it; the filter shows the
 * matching items with their parents.
 */
export function MetadataEditor({ tree, onChange, texts, onTextChange, disabled = false }: MetadataEditorProps) {
  const [filter, setFilter] = useState('');
  const [customKey, setCustomKey] = useState('');
  const customError = customKey ? customKeyError(tree, customKey) : null;
  const added = addedProperties(tree);

  const addCustomKey = () => {
    if (customKeyError(tree, customKey)) return;
    onChange(addCustom(tree, customKey));
    setCustomKey('');
  };

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
      <Paper variant="outlined" sx={{ p: 1.5, minWidth: 0 }} component="section" aria-label="Available Metadata">
        <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          Available Metadata
        </Typography>
        <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'flex-start' }}>
          <TextField
            size="small"
            label="Custom"
            value={customKey}
            onChange={(event) => setCustomKey(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                addCustomKey();
              }
            }}
            error={Boolean(customError)}
            helperText={customError ?? ' '}
            disabled={disabled}
            fullWidth
          />
          <IconButton aria-label="Add custom property" onClick={addCustomKey} disabled={disabled || !customKey || Boolean(customError)}>
            <AddIcon />
          </IconButton>
        </Stack>
        <TextField size="small" label="Filter" value={filter} onChange={(event) => setFilter(event.target.value)} fullWidth sx={{ mb: 1 }} />
        <AvailableTree tree={tree} filter={filter} disabled={disabled} onChange={onChange} />
      </Paper>
      <Paper variant="outlined" sx={{ p: 1.5, minWidth: 0 }} component="section" aria-label="Existing Metadata">
        <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          Existing Metadata
        </Typography>
        {added.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            No existing metadata
          </Typography>
        )}
        <Stack spacing={1.5}>
          {added.map((item) => (
            <ExistingProperty
              key={item.id}
              item={item}
              text={texts[item.id] ?? valueText(item.leaf!)}
              disabled={disabled}
              onText={(text) => {
                onTextChange(item.id, text);
                onChange(updateProperty(tree, item.id, setValue(item.leaf!, text)));
              }}
              onLeaf={(leaf) => onChange(updateProperty(tree, item.id, leaf))}
              onRemove={() => onChange(removeItem(tree, item.id))}
            />
          ))}
        </Stack>
      </Paper>
    </Box>
  );
}

/** The items not yet added, as an indented tree; with a filter, the matches and their parents, expanded. */
function AvailableTree({ tree, filter, disabled, onChange }: { tree: MetadataTree; filter: string; disabled: boolean; onChange(tree: MetadataTree): void }) {
  const needle = filter.trim().toLowerCase();
  const matches = (item: TreeItem): boolean =>
    item.label.toLowerCase().includes(needle) || (item.leaf?.name.toLowerCase().includes(needle) ?? false) || item.childIds.some((id) => matches(itemById(tree, id)!));
  const rows: { item: TreeItem; depth: number }[] = [];
  const visit = (item: TreeItem, depth: number) => {
    if (item.added || item.custom) return;
    if (needle && !matches(item)) return;
    rows.push({ item, depth });
    if (item.expanded || needle) for (const id of item.childIds) visit(itemById(tree, id)!, depth + 1);
  };
  for (const root of tree.filter((item) => !item.parentId && !item.custom)) visit(root, 0);

  if (rows.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        No available metadata
      </Typography>
    );
  }
  return (
    <Box component="ul" role="tree" aria-label="Available metadata" sx={{ listStyle: 'none', m: 0, p: 0, maxHeight: 360, overflowY: 'auto' }}>
      {rows.map(({ item, depth }) => (
        <Box
          component="li"
          role="treeitem"
          aria-expanded={item.kind === 'property' ? undefined : item.expanded || Boolean(needle)}
          aria-level={depth + 1}
          key={item.id}
          sx={{ display: 'flex', alignItems: 'center', pl: depth * 2, borderBottom: 1, borderColor: 'divider' }}
        >
          <Box
            component="button"
            type="button"
            title={item.description}
            onClick={() => onChange(toggleExpanded(tree, item.id))}
            sx={{ flex: 1, display: 'flex', alignItems: 'center', gap: 0.5, border: 0, background: 'none', textAlign: 'left', py: 0.5, cursor: 'pointer', color: 'inherit', font: 'inherit', minWidth: 0 }}
          >
            {item.kind === 'property' ? <Box sx={{ width: 20 }} /> : item.expanded ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
            <Box component="span" sx={{ overflowWrap: 'anywhere', fontWeight: item.kind === 'namespace' ? 600 : undefined }}>
              {item.label}
            </Box>
          </Box>
          <IconButton size="small" aria-label={`Add ${item.label}`} onClick={() => onChange(addItem(tree, item.id))} disabled={disabled}>
            <AddIcon fontSize="small" />
          </IconButton>
        </Box>
      ))}
    </Box>
  );
}

function ExistingProperty({
  item,
  text,
  disabled,
  onText,
  onLeaf,
  onRemove,
}: {
  item: TreeItem;
  text: string;
  disabled: boolean;
  onText(text: string): void;
  onLeaf(leaf: MetadataProperty): void;
  onRemove(): void;
}) {
  const leaf = item.leaf!;
  return (
    <Box role="group" aria-label={item.label} sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <PropertyValueEditor label={item.label} leaf={leaf} text={text} disabled={disabled} onText={onText} onLeaf={onLeaf} />
        {item.label !== leaf.name && (
          <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {leaf.name}
          </Typography>
        )}
      </Box>
      <IconButton size="small" aria-label={`Remove ${item.label}`} onClick={onRemove} disabled={disabled || leaf.readonly} sx={{ mt: 0.5 }}>
        <RemoveIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}

/** The editor of one value: checkbox, choice, array chooser or text, with spec 1 §5's message. */
function PropertyValueEditor({
  label,
  leaf,
  text,
  disabled,
  onText,
  onLeaf,
}: {
  label: string;
  leaf: MetadataProperty;
  text: string;
  disabled: boolean;
  onText(text: string): void;
  onLeaf(leaf: MetadataProperty): void;
}) {
  if (leaf.type === 'boolean') {
    return (
      <FormControlLabel
        control={<Checkbox checked={leaf.value === true} disabled={disabled || leaf.readonly} onChange={(event) => onLeaf({ ...leaf, value: event.target.checked })} />}
        label={label}
      />
    );
  }
  if (leaf.type === 'array') return <ArrayValueEditor label={label} leaf={leaf} disabled={disabled} onLeaf={onLeaf} />;
  const message = validateText(leaf, text);
  const limit = message ? messageLimit(leaf, message) : undefined;
  const choices = leaf.definition.enum;
  return (
    <TextField
      size="small"
      fullWidth
      label={label}
      value={text}
      select={Boolean(choices?.length) && !leaf.readonly}
      disabled={disabled}
      slotProps={{ input: { readOnly: leaf.readonly } }}
      onChange={(event) => onText(event.target.value)}
      error={Boolean(message)}
      // The definition's description is a hover text: some run to a paragraph.
      title={leaf.definition.description}
      helperText={message ? (limit === undefined ? message : `${message} ${limit}`) : undefined}
    >
      {choices?.map((choice) => (
        <MenuItem key={choice} value={choice}>
          {choice}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * An array value (spec 1 §4.7): values move between the available values and
 * the chosen list; the operator is chosen when the definition offers several.
 */
function ArrayValueEditor({ label, leaf, disabled, onLeaf }: { label: string; leaf: MetadataProperty; disabled: boolean; onLeaf(leaf: MetadataProperty): void }) {
  const chosen = Array.isArray(leaf.value) ? leaf.value : [];
  const available = (leaf.definition.items?.enum ?? []).filter((value) => !chosen.includes(value));
  const operators = leaf.definition.operators ?? [];
  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        {operators.length > 1 && (
          <TextField
            select
            size="small"
            label="Operator"
            value={leaf.operator ?? operators[0]}
            disabled={disabled}
            onChange={(event) => onLeaf({ ...leaf, operator: event.target.value })}
          >
            {operators.map((operator) => (
              <MenuItem key={operator} value={operator}>
                {operator}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>
      <Typography variant="caption" color="text.secondary">
        Chosen values
      </Typography>
      <Box role="list" aria-label={`${label} chosen values`} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, minHeight: 28 }}>
        {chosen.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            None
          </Typography>
        )}
        {chosen.map((value) => (
          <Chip role="listitem" key={value} label={value} size="small" color="primary" disabled={disabled} onDelete={() => onLeaf({ ...leaf, value: chosen.filter((each) => each !== value) })} />
        ))}
      </Box>
      <Typography variant="caption" color="text.secondary">
        Available values
      </Typography>
      <Box role="list" aria-label={`${label} available values`} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
        {available.map((value) => (
          <Chip role="listitem" key={value} label={value} size="small" variant="outlined" disabled={disabled} onClick={() => onLeaf({ ...leaf, value: [...chosen, value] })} />
        ))}
      </Box>
      {chosen.length === 0 && <FormHelperText>Arrays with no values are not saved.</FormHelperText>}
    </Box>
  );
}
