// Keeps deploy/ and k8s/ in step with the workspaces: the list of runnable
// services comes from the root package.json, so adding a workspace without its
// manifests (or its compose service) fails here. Pure file checks, no cluster.
import fs from 'fs';
import path from 'path';
import { parseAllDocuments } from 'yaml';

const repoRoot = path.resolve(__dirname, '..', '..');
const k8sDir = path.join(repoRoot, 'k8s');
const baseDir = path.join(k8sDir, 'base');
const deployDir = path.join(repoRoot, 'deploy');
const composeFile = path.join(deployDir, 'docker-compose.yml');

type Labels = Record<string, string>;

interface Probe {
  httpGet?: { path?: string; port?: number | string };
}

interface Container {
  name: string;
  image?: string;
  ports?: { name?: string; containerPort: number }[];
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  resources?: { limits?: { cpu?: string | number; memory?: string } };
  securityContext?: { runAsNonRoot?: boolean };
}

interface K8sObject {
  apiVersion?: string;
  kind?: string;
  metadata?: { name?: string; labels?: Labels };
  spec?: Record<string, unknown>;
}

interface DeploymentSpec {
  selector?: { matchLabels?: Labels };
  template?: {
    metadata?: { labels?: Labels };
    spec?: { securityContext?: { runAsNonRoot?: boolean }; containers?: Container[] };
  };
}

interface ServiceSpec {
  selector?: Labels;
  ports?: { name?: string; port: number; targetPort?: number | string }[];
}

interface IngressBackend {
  service?: { name?: string };
}

interface IngressSpec {
  defaultBackend?: IngressBackend;
  rules?: { http?: { paths?: { backend?: IngressBackend }[] } }[];
}

interface Kustomization {
  resources?: string[];
  patches?: { path?: string }[];
  configMapGenerator?: { envs?: string[]; files?: string[] }[];
  images?: { name: string }[];
}

interface ComposeFile {
  services?: Record<string, { build?: { dockerfile?: string; args?: Record<string, string> } }>;
}

const yamlFilesUnder = (dir: string): string[] => {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : yamlFilesUnder(full);
    return /\.ya?ml$/.test(entry.name) ? [full] : [];
  });
};

// Throws on any YAML error; merge keys (<<) are on because the compose file uses them.
const loadDocuments = (file: string): unknown[] => {
  const docs = parseAllDocuments(fs.readFileSync(file, 'utf8'), { merge: true });
  return Array.from(docs).flatMap((doc) => {
    if (doc.errors.length > 0) {
      throw new Error(`${path.relative(repoRoot, file)}: ${doc.errors.map((e) => e.message).join('; ')}`);
    }
    const value: unknown = doc.toJS();
    return value == null ? [] : [value];
  });
};

const loadOne = <T>(file: string): T => loadDocuments(file)[0] as T;

// For collecting objects at load time: a broken file is reported by the
// "is valid YAML" test instead of failing the whole suite before it runs.
const loadOrSkip = (file: string): unknown[] => {
  try {
    return loadDocuments(file);
  } catch {
    return [];
  }
};

// Files kubectl would apply for `kubectl apply -k <dir>`: follows resources
// (files and nested kustomization folders) from dir's kustomization.yaml.
// Missing entries are skipped here and reported by their own test.
const kustomizeResourceFiles = (dir: string): string[] => {
  const kustomization = (loadOrSkip(path.join(dir, 'kustomization.yaml'))[0] ?? {}) as Kustomization;
  return (kustomization.resources ?? []).flatMap((entry) => {
    const full = path.resolve(dir, entry);
    if (!fs.existsSync(full)) return [];
    return fs.statSync(full).isDirectory() ? kustomizeResourceFiles(full) : [full];
  });
};

const isSubset = (subset: Labels | undefined, of: Labels | undefined): boolean =>
  subset !== undefined &&
  Object.keys(subset).length > 0 &&
  Object.entries(subset).every(([key, value]) => of?.[key] === value);

const rootPackage = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
  workspaces?: string[];
};
const workspaces = (rootPackage.workspaces ?? []).map((ws) => path.posix.normalize(ws).replace(/\/$/, ''));
// Runnable = the gateway and every services/* except the shared library; proto is contracts only.
const runnable = workspaces.filter(
  (ws) => ws === 'gateway' || (ws.startsWith('services/') && ws !== 'services/service-kit'),
);

const allYamlFiles = [...yamlFilesUnder(k8sDir), ...yamlFilesUnder(deployDir)];
const baseFiles = kustomizeResourceFiles(baseDir);
const baseObjects = baseFiles.flatMap((file) => loadOrSkip(file) as K8sObject[]);
const ofKind = (kind: string) => baseObjects.filter((o) => o.kind === kind);

describe('deployment manifests', () => {
  it('the root package.json lists runnable workspaces to check', () => {
    expect(runnable).toContain('gateway');
  });

  it.each(allYamlFiles.map((file) => path.relative(repoRoot, file)))('%s is valid YAML', (file) => {
    expect(() => loadDocuments(path.join(repoRoot, file))).not.toThrow();
  });

  it('every kustomization.yaml lists only resources, patches and env files that exist', () => {
    const missing: string[] = [];
    for (const file of allYamlFiles.filter((f) => path.basename(f) === 'kustomization.yaml')) {
      const dir = path.dirname(file);
      const kustomization = loadOne<Kustomization>(file);
      const referenced = [
        ...(kustomization.resources ?? []),
        ...(kustomization.patches ?? []).flatMap((p) => (p.path ? [p.path] : [])),
        ...(kustomization.configMapGenerator ?? []).flatMap((g) => [...(g.envs ?? []), ...(g.files ?? [])]),
      ];
      for (const entry of referenced) {
        if (!fs.existsSync(path.resolve(dir, entry))) missing.push(`${path.relative(repoRoot, file)} → ${entry}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('the example secrets are never part of what the base kustomization applies', () => {
    expect(baseFiles.map((f) => path.basename(f))).not.toContain('secrets.example.yaml');
    expect(ofKind('Secret')).toEqual([]);
  });

  it('the Ingress routes only to the gateway', () => {
    const ingresses = allYamlFiles
      .filter((f) => f.startsWith(k8sDir))
      .flatMap((file) => loadOrSkip(file) as K8sObject[])
      .filter((o) => o.kind === 'Ingress');
    expect(ingresses.length).toBeGreaterThan(0);
    const backends = ingresses.flatMap((ingress) => {
      const spec = (ingress.spec ?? {}) as IngressSpec;
      const fromRules = (spec.rules ?? []).flatMap((rule) => (rule.http?.paths ?? []).map((p) => p.backend));
      return [spec.defaultBackend, ...fromRules].filter((b): b is IngressBackend => b !== undefined);
    });
    expect(backends.length).toBeGreaterThan(0);
    expect(backends.map((b) => b.service?.name)).toEqual(backends.map(() => 'gateway'));
  });

  it('every overlay pins the image of every base Deployment', () => {
    const images = ofKind('Deployment').flatMap((d) =>
      // Strip a tag, not a registry port (registry:5000/name:tag).
      ((d.spec as DeploymentSpec).template?.spec?.containers ?? []).map((c) => (c.image ?? '').replace(/:[^:/]*$/, '')),
    );
    const overlaysDir = path.join(k8sDir, 'overlays');
    const overlays = fs.existsSync(overlaysDir) ? fs.readdirSync(overlaysDir) : [];
    expect(overlays.length).toBeGreaterThan(0);
    for (const overlay of overlays) {
      const kustomization = loadOne<Kustomization>(path.join(overlaysDir, overlay, 'kustomization.yaml'));
      const pinned = (kustomization.images ?? []).map((i) => i.name);
      expect({ overlay, missing: images.filter((image) => !pinned.includes(image)) }).toEqual({ overlay, missing: [] });
    }
  });

  describe.each(runnable)('the runnable workspace %s', (workspace) => {
    const name = path.posix.basename(workspace);
    const deployment = () => {
      const found = ofKind('Deployment').filter((d) => d.metadata?.name === name);
      expect(found).toHaveLength(1);
      return found[0]!.spec as DeploymentSpec;
    };
    const container = () => {
      const containers = deployment().template?.spec?.containers ?? [];
      const found = containers.find((c) => c.name === name) ?? containers[0];
      expect(found).toBeDefined();
      return found!;
    };
    const httpPort = () => container().ports?.find((p) => p.name === 'http')?.containerPort;
    const pointsAtHttpPort = (port: number | string | undefined) => port === 'http' || port === httpPort();

    it(`has a Deployment named ${name} applied by k8s/base`, () => {
      deployment();
    });

    it('selects its own pods, which carry the part-of label the network policies admit', () => {
      const spec = deployment();
      const podLabels = spec.template?.metadata?.labels;
      expect(isSubset(spec.selector?.matchLabels, podLabels)).toBe(true);
      expect(podLabels?.['app.kubernetes.io/part-of']).toBe('storecast');
    });

    it('probes readiness on /readyz and liveness on /healthz, on its HTTP port', () => {
      const c = container();
      expect(httpPort()).toEqual(expect.any(Number));
      expect(c.readinessProbe?.httpGet?.path).toBe('/readyz');
      expect(c.livenessProbe?.httpGet?.path).toBe('/healthz');
      expect(pointsAtHttpPort(c.readinessProbe?.httpGet?.port)).toBe(true);
      expect(pointsAtHttpPort(c.livenessProbe?.httpGet?.port)).toBe(true);
    });

    it('runs as non-root with CPU and memory limits', () => {
      const c = container();
      const podSecurity = deployment().template?.spec?.securityContext;
      expect(c.securityContext?.runAsNonRoot ?? podSecurity?.runAsNonRoot).toBe(true);
      expect(c.resources?.limits?.cpu).toBeDefined();
      expect(c.resources?.limits?.memory).toBeDefined();
    });

    it('has a Service that selects its pods and forwards to its HTTP port', () => {
      const podLabels = deployment().template?.metadata?.labels;
      const services = ofKind('Service')
        .map((s) => s.spec as ServiceSpec)
        .filter((s) => isSubset(s.selector, podLabels));
      expect(services.length).toBeGreaterThan(0);
      const targets = services.flatMap((s) => (s.ports ?? []).map((p) => p.targetPort ?? p.port));
      expect(targets.some(pointsAtHttpPort)).toBe(true);
    });

    it('has a docker-compose service built from its workspace', () => {
      const compose = loadOne<ComposeFile>(composeFile);
      const service = compose.services?.[name];
      expect(service).toBeDefined();
      expect(service?.build?.dockerfile).toBe('deploy/Dockerfile');
      expect(service?.build?.args?.SERVICE).toBe(workspace);
    });
  });
});
