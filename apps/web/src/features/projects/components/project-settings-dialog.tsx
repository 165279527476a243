import { DEFAULT_RECORD_LIMIT, type Project } from '@mocksmith/core/projects';
import * as Dialog from '@radix-ui/react-dialog';
import { type FormEvent, useState } from 'react';
import { TokenField } from '../../../components/token-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { dialogContentClasses, overlayClasses } from '../../../components/ui/dialog-classes.ts';
import { DialogHeader } from '../../../components/ui/dialog-header.tsx';
import { FieldError } from '../../../components/ui/input.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { useFocusReturn } from '../../../hooks/use-focus-return.ts';
import { cn } from '../../../lib/cn.ts';
import { validationIssues } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { toUserMessage } from '../../../lib/user-message.ts';
import { useUpdateProject } from '../api/update-project.ts';
import { projectTexts } from '../texts.ts';
import { checkNetworkDraft } from '../utils/network-check.ts';
import {
  isNoneProfile,
  type NetworkDraft,
  type NetworkProblems,
  networkDraftOf,
  networkFieldOf,
} from '../utils/network-draft.ts';
import { NetworkFields } from './network-fields.tsx';
import { checkProxyDraft, ProxyFields, proxyDraftOf } from './proxy-fields.tsx';
import { ValidationField } from './validation-field.tsx';

/** The texts of the Project settings dialog, in one place for the dialog and its tests. */
export const settingsTexts = {
  description:
    'How the project’s routes answer: callers’ overrides, replay, and the network profile of routes without their own.',
  overridesLabel: 'Callers may override answers',
  overridesDescription:
    'With ?__status, ?__delay and Prefer headers. A route can turn them off for itself.',
  replayLabel: 'Replay',
  replayDescription: (baseUrl: string) =>
    `Draw delays and faults from the project’s seed (POST ${baseUrl}/__reset starts again).`,
  networkLine: 'For every route without a profile of its own, and for the collections.',
  tokenLabel: 'Require a token for the collections',
  tokenDescription: (baseUrl: string) =>
    `Every collection and POST ${baseUrl}/__reset need Authorization: Bearer and this token (a collection’s own token works for it too). Calls with it are yours: the sessions they start are never pushed out by others’.`,
} as const;

/**
 * The Project settings dialog: whether callers may override answers, replay, the token its
 * collections require, and the project's network profile (checked with core's schema as it
 * changes, each problem beside its field). Saving sends the whole settings (what this dialog
 * does not show is kept as it is).
 */
export function ProjectSettingsDialog({
  project,
  open,
  onClose,
}: {
  project: Project;
  open: boolean;
  onClose: () => void;
}) {
  const focusReturn = useFocusReturn();
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClasses} />
        <Dialog.Content className={cn(dialogContentClasses('wide'), 'space-y-4')} {...focusReturn}>
          <DialogHeader title="Project settings" description={settingsTexts.description} />
          {open ? <SettingsForm project={project} onClose={onClose} /> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function SettingsForm({ project, onClose }: { project: Project; onClose: () => void }) {
  const updateProject = useUpdateProject();
  const [overrides, setOverrides] = useState(project.settings.overrides);
  const [replay, setReplay] = useState(project.settings.replay);
  const [authToken, setAuthToken] = useState(project.settings.authToken);
  const [validation, setValidation] = useState(project.settings.validation);
  const [network, setNetwork] = useState<NetworkDraft>(() =>
    networkDraftOf(project.settings.network),
  );
  const [proxy, setProxy] = useState(() => proxyDraftOf(project.settings.proxy));
  const proxyChecked = checkProxyDraft(proxy, project.settings.proxy);
  const [refused, setRefused] = useState<NetworkProblems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const checked = checkNetworkDraft(network);
  const problems: NetworkProblems = { ...refused, ...(checked.ok ? {} : checked.problems) };
  const busy = updateProject.isPending;

  function handleNetwork(next: NetworkDraft) {
    setNetwork(next);
    setRefused({});
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!checked.ok || !proxyChecked.ok || busy) return;
    setFailure(null);
    try {
      await updateProject.mutateAsync({
        projectId: project.id,
        input: {
          settings: {
            ...project.settings,
            overrides,
            replay,
            authToken,
            validation,
            network: isNoneProfile(checked.profile) ? null : checked.profile,
            proxy: proxyChecked.proxy,
          },
        },
      });
      toast.success(projectTexts.settingsSaved);
      onClose();
    } catch (error) {
      const message = toUserMessage(error, projectTexts.settingsSaveFailed);
      const placed: NetworkProblems = {};
      for (const issue of validationIssues(error)) {
        const prefix = '$.settings.network.';
        if (!issue.path.startsWith(prefix)) continue;
        const field = networkFieldOf(issue.path.slice(prefix.length).split('.'));
        if (field) placed[field] ??= issue.message;
      }
      setRefused(placed);
      if (Object.keys(placed).length === 0) setFailure(message);
      toast.error(projectTexts.settingsSaveFailed, { description: message });
    }
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-5" aria-label="Project settings">
      <div className="space-y-4 [overflow-wrap:anywhere]">
        <Switch
          checked={overrides}
          onChange={setOverrides}
          label={settingsTexts.overridesLabel}
          description={settingsTexts.overridesDescription}
        />
        <Switch
          checked={replay}
          onChange={setReplay}
          label={settingsTexts.replayLabel}
          description={settingsTexts.replayDescription(project.baseUrl)}
        />
        <TokenField
          value={authToken}
          onChange={setAuthToken}
          label={settingsTexts.tokenLabel}
          description={settingsTexts.tokenDescription(project.baseUrl)}
        />
      </div>
      <ValidationField value={validation} onChange={setValidation} />
      <section aria-labelledby="project-network-title" className="space-y-3">
        <div>
          <h3 id="project-network-title" className="font-semibold">
            Network profile
          </h3>
          <p className="text-sm text-slate-600 dark:text-slate-300">{settingsTexts.networkLine}</p>
        </div>
        <NetworkFields value={network} onChange={handleNetwork} problems={problems} />
      </section>
      <ProxyFields
        value={proxy}
        onChange={setProxy}
        problem={proxyChecked.ok ? null : proxyChecked.problem}
        recordLimit={project.settings.proxy?.recordLimit ?? DEFAULT_RECORD_LIMIT}
      />
      {failure ? <FieldError>{failure}</FieldError> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy || !checked.ok || !proxyChecked.ok} aria-busy={busy}>
          {busy ? 'Saving...' : 'Save settings'}
        </Button>
      </div>
    </form>
  );
}
