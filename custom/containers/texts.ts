/**
 * The containers screen's words, as spec 2 (§2.3, §5, §8) and Horizon's
 * object-storage panel say them. `%(name)s` placeholders are filled by `fill`.
 */
export const TEXTS = {
  heading: 'Containers',
  newContainer: 'Container',
  selectContainer: 'Select a container to browse.',
  noItems: 'No items to display.',
  prefix: 'Prefix',
  objectCount: 'Object Count',
  size: 'Size',
  dateCreated: 'Date Created',
  storagePolicy: 'Storage Policy',
  publicAccess: 'Public Access',
  link: 'Link',
  disabled: 'Disabled',
  deleteContainer: 'Delete Container',
  // Create container (spec 2 §5, §8).
  createContainer: 'Create Container',
  containerName: 'Container Name',
  containerAccess: 'Container Access',
  containerAccessHelp: 'A Public Container will allow anyone with the Public URL to gain access to your objects in the container.',
  public: 'Public',
  notPublic: 'Not public',
  nameNoSlash: 'Container name must not contain "/".',
  containerExists: 'A container with that name exists.',
  containerHelp:
    'A container is a storage compartment for your data and provides a way for you to organize your data. You can think of a container as a folder in Windows® or a directory in UNIX®. The primary difference between a container and these other file system concepts is that containers cannot be nested. You can, however, create an unlimited number of containers within your account. Data must be stored in a container so you must have at least one container defined in your account prior to uploading data.',
  required: 'This field is required.',
  containerCreated: 'Container %(name)s created.',
  containerDeleted: 'Container %(name)s deleted.',
  containerAccessChanged: 'Container %(name)s is now %(access)s.',
  confirmDelete: 'Confirm Delete',
  confirmDeleteContainer: 'Are you sure you want to delete container %(name)s?',
  // Objects table.
  name: 'Name',
  lastModified: 'Date Modified',
  folder: 'Folder',
  upload: 'Upload File',
  createFolder: 'Create Folder',
  download: 'Download',
  viewDetails: 'View Details',
  edit: 'Edit',
  copy: 'Copy',
  delete: 'Delete',
  deleteSelected: 'Delete Selected',
  nextPage: 'Next',
  previousPage: 'Previous',
  // Upload (Horizon's upload modal).
  uploadTo: 'Upload File To: %(name)s',
  file: 'File',
  fileName: 'File Name',
  dropFiles: 'Drop files here, or choose them above.',
  checkingName: 'Checking if this name is used...',
  nameExists: 'This name already exists.',
  uploadNote: "Note: Delimiters ('/') are allowed in the file name to place the new file into a folder that will be created when the file is uploaded (to any depth of folders).",
  uploaded: 'File %(name)s uploaded.',
  uploadingFile: '%(name)s (%(index)s of %(count)s)',
  // Create folder.
  createFolderIn: 'Create Folder In: %(name)s',
  folderName: 'Folder Name',
  folderNote: "Note: Delimiters ('/') are allowed in the folder name to create deep folders.",
  folderCreated: 'Folder %(name)s created.',
  // Edit.
  editFile: 'Edit File: %(container)s : %(path)s',
  newContents: 'New File Contents',
  editButton: 'Edit File',
  editUploaded: 'File %(path)s uploaded.',
  // Copy.
  copyObject: 'Copy Object: %(container)s/%(path)s',
  copyButton: 'Copy Object',
  destContainer: 'Destination Container',
  destObject: 'Destination Object',
  containerNotFound: 'This container does not exist.',
  copyHelp1: 'You can copy objects. You have to create destination container prior to copy.',
  copyHelp2:
    "You can specify folder by using '/' at destination object field. For example, if you want to copy object under the folder named 'folder1', you need to specify destination object like 'folder1/[your object name]'.",
  copied: 'Object %(path)s has copied.',
  // Details.
  objectDetails: 'Object Details',
  hash: 'Hash',
  contentType: 'Content Type',
  timestamp: 'Timestamp',
  close: 'Close',
  cancel: 'Cancel',
  // Delete objects (spec 2 §4).
  deleteFilesIn: 'Delete Files in %(name)s',
  collecting: 'Collecting information for deletion:',
  deleting: 'Deleting:',
  counted: '%(files)s files in %(folders)s folders.',
  failures: 'Encountered %(failures)s failures.',
  ok: 'OK',
  uploading: 'Uploading',
  copying: 'Copying',
} as const;

/** The spec's failure messages (spec 2 §8, object storage). */
export const ERRORS = {
  createContainer: 'Unable to create the container.',
  deleteContainer: 'Unable to delete the container.',
  createFolder: 'Unable to create the folder.',
  copy: 'Unable to copy the object.',
  folderNotEmpty: 'Unable to delete the folder because it is not empty.',
  deleteObject: 'Unable to delete the object.',
  upload: 'Unable to upload the object.',
  access: 'Unable to change the container access.',
  containerDetails: 'Unable to get the container details.',
  objectDetails: 'Unable to get details of the object.',
  objects: 'Unable to get the objects in container.',
} as const;

/**
 * `'Container %(name)s created.'` with its placeholders filled.
 *
 * @example fill(TEXTS.containerCreated, { name: 'photos' }) // 'Container photos created.'
 */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/%\((\w+)\)s/g, (_all, key: string) => String(values[key] ?? ''));
}
