import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState } from 'react';
import { isAlreadyReported } from '../../../src/backend/http';
import { useBackend } from '../../../src/engine/context';
import { UploadProgressBar } from '../../../src/engine/UploadProgressBar';
import { DIALOG_WIDTH } from '../../../src/forms/dialog';
import { useToastStore } from '../../../src/toasts/context';
import { formatBytes } from '../../../src/utils/units';
import { useReloadContainer } from '../queries';
import { ERRORS, fill, TEXTS } from '../texts';
import { answers, type NameCheck, useNameCheck } from './useNameCheck';

interface Chosen {
  file: File;
  name: string;
}

/** The overall percent of several files: bytes done plus the share of the one in flight. */
export function overallPercent(sizes: number[], index: number, percent: number): number {
  const total = sizes.reduce((sum, size) => sum + size, 0);
  if (total === 0) return percent;
  const done = sizes.slice(0, index).reduce((sum, size) => sum + size, 0);
  return Math.round(((done + (sizes[index] * Math.max(0, percent)) / 100) / total) * 100);
}

/**
 * Upload File (Horizon's upload modal, spec 2 §3, §5): one or several files,
 * chosen or dropped; each name (editable) must not exist in the folder yet,
 * as in Horizon ('This name already exists.'; to replace an object, Edit it).
 * Progress over all files; 'File %(name)s uploaded.' per file.
 */
export function UploadObjectDialog({ container, folder, onClose }: { container: string; folder: string; onClose(): void }) {
  const { dataProvider } = useBackend();
  const toasts = useToastStore();
  const reload = useReloadContainer(container);
  const titleId = useId();
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const [checks, setChecks] = useState<NameCheck[]>([]);
  const [percent, setPercent] = useState<number | null>(null);
  // Which of several files is in flight, for the progress bar's line under it.
  const [current, setCurrent] = useState(0);
  const [dragging, setDragging] = useState(false);
  const busy = percent !== null;
  const valid = chosen.length > 0 && chosen.every((item, index) => item.name && checks[index] === 'free');

  const choose = (files: FileList | null) => {
    if (!files?.length) return;
    setChosen([...files].map((file) => ({ file, name: file.name })));
    setChecks([]);
  };
  const report = (index: number, state: NameCheck) =>
    setChecks((current) => {
      if (current[index] === state) return current;
      const next = [...current];
      next[index] = state;
      return next;
    });

  const submit = async () => {
    const sizes = chosen.map((item) => item.file.size);
    setPercent(-1);
    for (const [index, item] of chosen.entries()) {
      setCurrent(index);
      try {
        await dataProvider.create('swift-object', {
          data: { container, path: `${folder}${item.name}`, file: item.file },
          meta: { onProgress: (value: number) => setPercent(value < 0 && index === 0 ? -1 : overallPercent(sizes, index, value)) },
        });
        toasts.success(fill(TEXTS.uploaded, { name: item.name }));
      } catch (error) {
        // Spec 2 §8: the spinner hides on failure.
        setPercent(null);
        if (!isAlreadyReported(error)) toasts.error(ERRORS.upload);
        await reload();
        return;
      }
    }
    await reload();
    onClose();
  };

  return (
    <Dialog open onClose={(_event, reason) => reason !== 'backdropClick' && !busy && onClose()} aria-labelledby={titleId} maxWidth={DIALOG_WIDTH.lg} fullWidth>
      <DialogTitle id={titleId}>
        {fill(TEXTS.uploadTo, { name: container })}
        {folder && `: ${folder}`}
      </DialogTitle>
      <DialogContent>
        <Box
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(event) => {
            event.preventDefault();
            setDragging(false);
            choose(event.dataTransfer.files);
          }}
          data-testid="drop-zone"
          sx={{ border: 2, borderStyle: 'dashed', borderColor: dragging ? 'primary.main' : 'divider', borderRadius: 1, p: 2, mb: 2 }}
        >
          <label htmlFor={`${titleId}-file`}>
            <Typography component="span" sx={{ fontWeight: 600, mr: 1 }}>
              {TEXTS.file} *
            </Typography>
          </label>
          <input id={`${titleId}-file`} type="file" multiple disabled={busy} onChange={(event) => choose(event.target.files)} />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {TEXTS.dropFiles}
          </Typography>
        </Box>
        {chosen.map((item, index) => (
          <FileNameRow
            key={`${index}-${item.file.name}`}
            item={item}
            path={`${folder}${item.name}`}
            disabled={busy}
            exists={(path) => answers(() => dataProvider.getOne('swift-object', { id: path, meta: { container } }))}
            onName={(name) => setChosen((current) => current.map((entry, at) => (at === index ? { ...entry, name } : entry)))}
            onCheck={(state) => report(index, state)}
          />
        ))}
        <Typography variant="body2" color="text.secondary">
          {TEXTS.uploadNote}
        </Typography>
        {busy && <UploadProgressBar percent={percent} detail={chosen.length > 1 ? fill(TEXTS.uploadingFile, { name: chosen[current]?.name ?? '', index: current + 1, count: chosen.length }) : undefined} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {TEXTS.cancel}
        </Button>
        <Button variant="contained" disabled={!valid || busy} onClick={() => void submit()}>
          {TEXTS.upload}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function FileNameRow(props: { item: Chosen; path: string; disabled: boolean; exists(path: string): Promise<boolean>; onName(name: string): void; onCheck(state: NameCheck): void }) {
  const { item, path, onCheck } = props;
  const check = useNameCheck(item.name ? path : '', props.exists);
  useEffect(() => onCheck(check), [check, onCheck]);
  const error = !item.name ? TEXTS.required : check === 'taken' ? TEXTS.nameExists : null;
  return (
    <TextField
      fullWidth
      required
      sx={{ mb: 2 }}
      label={TEXTS.fileName}
      value={item.name}
      disabled={props.disabled}
      onChange={(event) => props.onName(event.target.value)}
      error={Boolean(error)}
      helperText={error ?? (check === 'checking' ? TEXTS.checkingName : `${item.file.name} (${formatBytes(item.file.size)})`)}
      slotProps={{ htmlInput: { maxLength: 255 } }}
    />
  );
}
